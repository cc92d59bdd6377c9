import WebKitGTK
import GLibCore

/// Asks with a modal GTK message dialog naming the frame that asks and the permission: the
/// page's origin when the page asks, "A frame embedded in this page from “origin”" when a
/// frame of another origin does, and "A frame embedded in this page" when the host cannot
/// tell which frame; the text below names the page. Deny is the default button, and closing
/// the dialog denies.
@MainActor
public final class GTKPermissionPrompter: ModalDialogPrompter, PermissionPrompter {
    public func decide(_ question: PermissionQuestion) async -> Bool {
        let dialog = MessageDialog(parent: parent, style: .question, heading: Self.heading(of: question),
                                   message: Self.message(of: question))
        dialog.addButton(tr("_Deny"), response: .reject)
        dialog.addButton(tr("_Allow"), response: .accept)
        dialog.setDefaultResponse(.reject)
        return await ask(dialog) { $0 == .accept }
    }

    /// "“origin” wants to …", or for a frame "A frame embedded in this page [from “origin”] wants to …".
    static func heading(of question: PermissionQuestion) -> String {
        question.sentence
    }

    /// For a frame, which page it is in and what an answer covers; nothing for the page itself.
    static func message(of question: PermissionQuestion) -> String? {
        switch question.asker {
        case .page:
            nil
        case .embeddedFrame(let origin, page: let page):
            tr("The page is “{page}”. Your answer holds for “{origin}” inside this page only.", ["page": "\(page)", "origin": "\(origin)"])
        case .unknownFrame(page: let page):
            tr("The page is “{page}”; which site the frame comes from cannot be told. Allowing holds for this one request.",
               ["page": "\(page)"])
        }
    }
}
