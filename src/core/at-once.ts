/**
 * A capability declared, not found by presence: a method's at-once form (answered in the calling
 * turn), tied to the method it stands for. A wrapper that replaces the method and spreads the rest
 * (`{ ...handler, create }`) carries the old form along, still tied to the old method: it is not
 * used, and every call goes through the wrapper.
 */

/** The at-once form `run` of the method `of`. */
export interface AtOnce<M, F> {
  /** the method this stands for: used only while it is the object's own */
  readonly of: M
  readonly run: F
}

/** The at-once form of `method`, when the form declared beside it stands for it. */
export const atOnceOf = <M, F>(method: M, form: AtOnce<M, F> | undefined): F | undefined =>
  form !== undefined && form.of === method ? form.run : undefined
