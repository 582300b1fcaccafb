/**
 * The billing rule's SQL check: custom SQL must be one UPDATE statement, of any table (upstream's own
 * examples update `aws`); what else it is, is named. The rule that reports it is in rules.test.ts.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { sqlProblem } from '#src/providers/cost/billing-rule'

test('sqlProblem: one UPDATE statement of any table passes; anything else is named', () => {
  const ok = [
    "UPDATE costs SET amount = amount * 1.1 WHERE service = 'EC2'",
    "update costs set note = 'a;b';",
    'UPDATE costs SET amount = 0 -- drop; not really',
    "UPDATE aws SET amount = amount * 0.9 WHERE service = 'AmazonEC2'",
    'update "aws" as a set amount = 0',
  ]
  for (const sql of ok) assert.is(sqlProblem(sql), undefined, sql)
  assert.is(sqlProblem('DELETE FROM costs'), 'a DELETE statement')
  assert.is(sqlProblem('SELECT * FROM costs'), 'a SELECT statement')
  assert.is(sqlProblem('UPDATE SET amount = 0'), 'an UPDATE without a table and a SET clause')
  assert.is(sqlProblem('UPDATE costs SET amount = 0; DELETE FROM costs'), '2 statements')
})

test.run()
