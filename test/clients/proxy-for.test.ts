/**
 * proxyFor's choice, URL by URL: the scheme picks the proxy; NO_PROXY by name (a name covers its
 * subdomains, a leading dot only them), `*`, IP, CIDR and port; loopback and link-local (instance
 * metadata) never proxied, whatever NO_PROXY says.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { neverProxied, proxyFor, proxyShown } from '../../clients/proxy-for'

const test = suite('proxyFor')
const H = 'http://hp:1/'
const S = 'http://sp:2/'
const via = (noProxy: string | undefined, url: string): string | undefined =>
  proxyFor({ http: H, https: S, ...(noProxy === undefined ? {} : { noProxy }) }, new URL(url))

test('the scheme picks the proxy; no settings, or none for the scheme, go direct', () => {
  assert.is(via(undefined, 'http://api.example.com/x'), H)
  assert.is(via(undefined, 'https://api.example.com/x'), S)
  assert.is(proxyFor(undefined, new URL('https://api.example.com/')), undefined)
  assert.is(proxyFor({ http: H }, new URL('https://api.example.com/')), undefined)
})

test('NO_PROXY: names, subdomains, leading dots, *, IPs, CIDRs and ports', () => {
  const cases: Array<[string, string, boolean]> = [
    ['example.com', 'https://example.com/', true],
    ['example.com', 'https://api.example.com/', true],
    ['example.com', 'https://notexample.com/', false],
    ['.example.com', 'https://api.example.com/', true],
    ['.example.com', 'https://example.com/', false],
    ['*.example.com', 'https://api.example.com/', true],
    ['EXAMPLE.com', 'https://Api.Example.COM./', true],
    ['*', 'https://anything.org/', true],
    ['10.0.0.0/8', 'http://10.2.3.4/', true],
    ['10.0.0.0/8', 'http://11.2.3.4/', false],
    ['10.2.3.4', 'http://10.2.3.4:8080/', true],
    ['example.com:8443', 'https://example.com:8443/', true],
    ['example.com:8443', 'https://example.com/', false],
    ['a.org, example.com ,b.org', 'https://example.com/', true],
    ['[2001:db8::1]', 'https://[2001:db8::1]/', true],
    ['', 'https://example.com/', false],
  ]
  for (const [no, url, direct] of cases)
    assert.is(via(no, url), direct ? undefined : url.startsWith('https') ? S : H, `${no} ${url}`)
})

test('loopback and link-local never go through a proxy', () => {
  for (const url of [
    'http://127.0.0.1:4100/',
    'http://127.9.9.9/',
    'http://localhost/',
    'http://sts.localhost:4102/',
    'http://[::1]:80/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
  ])
    assert.is(via(undefined, url), undefined, url)
  for (const h of ['128.0.0.1', '169.255.0.1', 'example.localhost.com', 'fec0::1']) assert.not.ok(neverProxied(h), h)
})

test('a proxy is shown without its user name or password', () => {
  assert.is(proxyShown('http://user:s3cret@proxy.corp:3128/'), 'http://proxy.corp:3128')
  assert.is(proxyShown('not a url s3cret'), '(the configured proxy)')
})

test.run()
