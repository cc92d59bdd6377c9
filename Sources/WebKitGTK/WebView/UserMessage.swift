import CWebKitGTKHelpers
import GLibCore

/// A message a web process extension sent to its view (WebKit's user messages): a name,
/// GVariant parameters and file descriptors, answered at most once with a reply of the same
/// shape. The bridge's binary channel rides on them.
@MainActor
package final class UserMessage {
    private let message: ObjectReference<WebKitUserMessage>

    init(_ message: UnsafeMutablePointer<WebKitUserMessage>) {
        self.message = ObjectReference(retaining: message)
    }

    /// The name the extension gave the message.
    package var name: String { string(webkit_user_message_get_name(message.pointer)) ?? "" }

    /// The message's parameters (a GVariant the message owns), nil when it has none.
    package var parameters: OpaquePointer? { webkit_user_message_get_parameters(message.pointer) }

    /// Copies of the file descriptors sent with the message, in order; the caller owns and
    /// closes them. Nil when the message carries no descriptor list, or a copy failed.
    package func fileDescriptors() -> [Int32]? {
        guard let list = webkit_user_message_get_fd_list(message.pointer) else { return nil }
        var descriptors: [Int32] = []
        for index in 0..<g_unix_fd_list_get_length(list) {
            let descriptor = g_unix_fd_list_get(list, index, nil)
            guard descriptor >= 0 else {
                descriptors.forEach { close($0) }
                return nil
            }
            descriptors.append(descriptor)
        }
        return descriptors
    }

    /// Answers the message with `parameters` (a floating GVariant, taken) and `descriptors`,
    /// which the reply takes over and closes once sent.
    package func reply(name: String, parameters: OpaquePointer, descriptors: [Int32]) {
        var descriptors = descriptors
        let list = g_unix_fd_list_new_from_array(&descriptors, Int32(descriptors.count))
        defer { g_object_unref(list) }
        webkit_user_message_send_reply(message.pointer, webkit_user_message_new_with_fd_list(name, parameters, list))
    }
}

extension WebView {
    /// Sends the user messages named `name` that this view's web processes send to `handler`,
    /// for as long as the connection lives; messages of other names go on to whoever else listens.
    package func onUserMessage(named name: String, _ handler: @escaping @MainActor (UserMessage) -> Void) -> SignalConnection {
        Signals.connect(reference.raw, "user-message-received") { (message: Signals.Pointer) -> Bool in
            guard let message = message?.assumingMemoryBound(to: WebKitUserMessage.self),
                  string(webkit_user_message_get_name(message)) == name else { return false }
            handler(UserMessage(message))
            return true
        }
    }
}
