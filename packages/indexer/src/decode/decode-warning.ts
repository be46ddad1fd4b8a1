/**
 * Why a piece of input was skipped. `bad_base64`/`bad_base58`: the text is not valid encoding;
 * `truncated`: shorter than its layout's required fields; `invalid_value`: a field holds a value its type
 * does not allow (an enum variant past the last); `unknown_discriminator`: not in the program's
 * IDL; `wrong_program`: the discriminator belongs to another program we decode; `log_truncated`: the
 * node cut the log; `log_mismatch`: log frames do not line up with the instructions; `missing_event`:
 * an instruction whose event is absent; `missing_account`: an account the mapping needs is absent;
 * `malformed_transaction`: the transaction JSON lacks a required part; `unsupported_encoding`: not
 * `json` or `jsonParsed`.
 */
export type DecodeWarningCode =
  | 'bad_base64'
  | 'bad_base58'
  | 'truncated'
  | 'invalid_value'
  | 'unknown_discriminator'
  | 'wrong_program'
  | 'log_truncated'
  | 'log_mismatch'
  | 'missing_event'
  | 'missing_account'
  | 'malformed_transaction'
  | 'unsupported_encoding';

/** A skipped piece of input, counted instead of thrown. */
export interface DecodeWarning {
  readonly code: DecodeWarningCode;
  readonly signature: string;
  readonly program: string | null;
  readonly detail: string;
}

/** A decoder's answer: the value, or why the input was skipped. */
export type DecodeOutcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: DecodeWarningCode; readonly detail: string };
