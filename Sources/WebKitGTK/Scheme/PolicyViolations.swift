import FoundationEssentials
import GLibLog
import ScriptMessaging
import WebOrigin
import WebPolicy

/// Tells the developer of every Content-Security-Policy refusal on the app's own pages
/// (a registered `AppScheme`'s origin), which WebKit otherwise keeps to the page's console:
/// one line each (`PolicyViolation.printed`), naming what was refused, the file and line,
/// and the setting that would allow it.
///
/// A script in a script world of its own, in every frame, hears the page's trusted
/// `securitypolicyviolation` events (WebKitGTK 2.50 fires them for refusals of a policy sent
/// in a custom scheme's header, in every script world) and posts them to a handler only that
/// world sees. Which page it is the witness reads itself, in its world, where no page script
/// can change it; refusals of other pages (a web page in an iframe, with its own policy)
/// are not the app's and are not printed. A page cannot flood the output: each directive
/// and refused source prints once per view, and at most `maximumLines` lines do.
@MainActor
public final class PolicyViolations {
    /// The script world the witness runs in, invisible to page scripts.
    public static let worldName = "webviewhost-policy"
    static let handlerName = "webviewhostPolicyViolation"
    /// The most lines a view prints; one more says that the rest are not.
    public static let maximumLines = 32

    /// Where each line goes: a GLib warning of the WebKitGTK log domain by default;
    /// development mode prints it among the pages' console messages.
    public var print: @MainActor (String) -> Void = { Log.webKitGTK.warning($0) }
    /// Each refusal told once: its directive and refused source.
    private var told: Set<String> = []
    private let context: WebContext

    init(userContent: UserContentManager, context: WebContext) {
        self.context = context
        userContent.addMessageHandler(name: Self.handlerName, world: Self.worldName) { [weak self] body, reply in
            reply.resolve(json: "null")
            self?.receive(body)
        }
        userContent.add(UserScript(source: Self.witnessSource, injectionTime: .documentStart, frames: .allFrames,
                                   world: Self.worldName))
    }

    private struct Report: Decodable {
        var page: String
        var violation: PolicyViolation

        init(from decoder: Decoder) throws {
            page = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .page)
            violation = try PolicyViolation(from: decoder)
        }

        private enum CodingKeys: String, CodingKey { case page }
    }

    private func receive(_ body: MessageBody) {
        guard case .json(let data) = body, let report = try? JSONDecoder().decode(Report.self, from: data),
              let origin = Origin(uri: report.page), context.appSchemeOrigins.contains(origin) else { return }
        let violation = report.violation
        let key = violation.directive + " " + PolicyViolation.source(of: violation.blocked)
        guard told.count <= Self.maximumLines, told.insert(key).inserted else { return }
        if told.count > Self.maximumLines {
            print("Content-Security-Policy: more refusals on this window are not printed")
        } else {
            print(violation.printed)
        }
    }

    /// The script's parameters.
    private struct ScriptSettings: Encodable {
        var handlerName: String
    }

    /// policy-violation-witness.js beside this file.
    private static let witnessSource = ScriptCall.source(EmbeddedJavaScript.policyViolationWitness,
                                                         ScriptSettings(handlerName: handlerName))
}
