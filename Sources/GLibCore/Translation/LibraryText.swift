/// The library's words in the user's language: `TextDomain.library.tr`, short for the
/// library's own modules (package access, so an app's `tr` is always its own domain's).
package func tr(_ message: String, context: String? = nil, _ values: KeyValuePairs<String, String> = [:]) -> String {
    TextDomain.library.tr(message, context: context, values)  // untranslated: passes the caller's message on
}

/// The plural form of the library's `singular`/`plural` for `count`, `{count}` put in.
package func tr(_ singular: String, _ plural: String, count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
    TextDomain.library.tr(singular, plural, count: count, values)  // untranslated: passes the caller's message on
}
