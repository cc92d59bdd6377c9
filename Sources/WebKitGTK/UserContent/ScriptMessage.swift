import CWebKitGTKHelpers
import GLibCore
import FoundationEssentials
import ScriptMessaging

extension MessageBody {
    /// Reads a JSCValue; strings stay strings so a posted JSON string is parsed once, later.
    /// A string is copied with its length, so a NUL inside it does not cut it short.
    /// `undefined`, like any value without JSON, has no JSON text: no call of its own asks
    /// (each call into JavaScriptCore takes and drops its lock).
    init(_ value: UnsafeMutablePointer<JSCValue>) {
        if jsc_value_is_string(value) != 0 {
            self = .string(Self.string(of: value))
        } else if let json = jsc_value_to_json(value, 0) {
            // The text is JavaScriptCore's own buffer, handed over: a large payload is not copied.
            self = .json(Data(bytesNoCopy: json, count: strlen(json), deallocator: .custom { bytes, _ in g_free(bytes) }))
        } else {
            jsc_context_clear_exception(jsc_value_get_context(value))
            self = .undefined
        }
    }

    private static func string(of value: UnsafeMutablePointer<JSCValue>) -> String {
        guard let bytes = jsc_value_to_string_as_bytes(value) else { return "" }
        defer { g_bytes_unref(bytes) }
        var length: gsize = 0
        guard let data = g_bytes_get_data(bytes, &length), length > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: Int(length)), as: UTF8.self)
    }
}

/// WebKit's reply to one script message, as the channel a `MessageReply` answers on.
///
/// Holds a reference on the reply and on its JavaScript context from the signal until the
/// answer, which drops both: so it is answered once, and `MessageReply` (or the bridge,
/// answering a message it refuses at once) sees to that. A struct of two pointers: passed
/// as `any ReplyChannel` it needs no allocation of its own.
package struct ScriptMessageChannel: ReplyChannel {
    private let reply: OpaquePointer
    private let context: UnsafeMutablePointer<JSCContext>

    init(retaining reply: OpaquePointer, context: UnsafeMutablePointer<JSCContext>) {
        self.reply = webkit_script_message_reply_ref(reply)
        self.context = context
        g_object_ref(UnsafeMutableRawPointer(context))
    }

    package func resolve(json: String) {
        guard let value = jsc_value_new_from_json(context, json) else {
            jsc_context_clear_exception(context)
            return reject(message: "the native reply was not valid JSON")
        }
        defer { g_object_unref(value) }
        webkit_script_message_reply_return_value(reply, value)
        release()
    }

    /// The string whole, a NUL inside it included.
    package func resolve(text: String) {
        let value = Self.stringValue(text, in: context)
        defer { g_object_unref(value) }
        webkit_script_message_reply_return_value(reply, value)
        release()
    }

    package func reject(message: String) {
        webkit_script_message_reply_return_error_message(reply, message)
        release()
    }

    private static func stringValue(_ string: String, in context: UnsafeMutablePointer<JSCContext>)
        -> UnsafeMutablePointer<JSCValue> {
        var string = string
        // Without a NUL inside, the text goes as the C string it already is (no copy to make).
        if string.withUTF8({ text in text.baseAddress.map { memchr($0, 0, text.count) == nil } ?? true }) {
            return string.withCString { jsc_value_new_string(context, $0)! }
        }
        return string.withUTF8 { text in
            let bytes = g_bytes_new(text.baseAddress, gsize(text.count))
            defer { g_bytes_unref(bytes) }
            return jsc_value_new_string_from_bytes(context, bytes)!
        }
    }

    private func release() {
        webkit_script_message_reply_unref(reply)
        g_object_unref(UnsafeMutableRawPointer(context))
    }
}
