import Foundation
import ScriptMessaging
@testable import WebBridge
import WebBridgeTesting
import XCTest

/// `MessageReply`, the one type that answers a page's Promise exactly once, and the
/// bridge's `BridgeReply` built on it: first answer wins, a dropped reply rejects, in the
/// shape each layer's page expects.
@MainActor
final class MessageReplyTests: XCTestCase {
    func testTheFirstAnswerGoesAndLaterOnesAreIgnored() async {
        let channel = FakeReply()
        let reply = MessageReply(channel)
        XCTAssertTrue(reply.isPending)
        reply.resolve(json: "1")
        reply.reject(message: "late")
        reply.resolve(json: "2")
        XCTAssertFalse(reply.isPending)
        XCTAssertEqual(channel.answers, [.resolved("1")])
    }

    func testARejectionIsAnAnswerToo() async {
        let channel = FakeReply()
        let reply = MessageReply(channel)
        reply.reject(message: "no")
        reply.resolve(json: "1")
        XCTAssertEqual(channel.answers, [.rejected("no")])
    }

    func testAReplyDroppedUnansweredRejectsOnceWithAClearMessage() async {
        let channel = FakeReply()
        var reply: MessageReply? = MessageReply(channel)
        XCTAssertEqual(reply?.isPending, true)
        reply = nil
        XCTAssertEqual(channel.answers, [.rejected("the native handler did not answer")])
    }

    func testAnAnsweredReplySendsNothingMoreWhenDropped() async {
        let channel = FakeReply()
        var reply: MessageReply? = MessageReply(channel)
        reply?.resolve(json: "null")
        reply = nil
        XCTAssertEqual(channel.answers, [.resolved("null")])
    }
}

/// How `BridgeReply` hands its answers to the web view: small replies as JSON text (the page
/// client parses them once), large objects and arrays as values, errors in the bridge's shape.
@MainActor
final class BridgeReplyChannelTests: XCTestCase {
    /// Records which of the channel's ways each answer took.
    final class RecordingChannel: ReplyChannel {
        enum Sent: Equatable { case value(String), text(String), error(String) }
        var sent: [Sent] = []
        func resolve(json: String) { sent.append(.value(json)) }
        func resolve(text: String) { sent.append(.text(text)) }
        func reject(message: String) { sent.append(.error(message)) }
    }

    private var outcomes: [Result<Int, BridgeError>] = []

    private func reply(on channel: RecordingChannel, name: String = "h") -> BridgeReply {
        BridgeReply(channel, handlerName: name, started: nil) { [weak self] _, outcome in self?.outcomes.append(outcome) }
    }

    func testSmallRepliesAndLargeStringsGoAsTextLargeObjectsAsValues() async {
        let channel = RecordingChannel()
        let large = "[" + String(repeating: "1,", count: BridgeReply.textLimit) + "1]"
        let largeString = "\"" + String(repeating: "x", count: BridgeReply.textLimit + 1) + "\""
        reply(on: channel).resolve(json: #"{"a":1}"#)
        reply(on: channel).resolve(json: large)
        reply(on: channel).resolve(json: "  \n" + large)
        reply(on: channel).resolve(json: largeString)
        XCTAssertEqual(channel.sent, [.text(#"{"a":1}"#), .value(large), .value("  \n" + large), .text(largeString)])
    }

    func testOnlyTheFirstAnswerIsSentAndReported() async {
        let channel = RecordingChannel()
        let answer = reply(on: channel)
        answer.resolve(json: "1")
        answer.reject(BridgeError(.timeout, "late"))
        answer.reject(message: "later")
        XCTAssertEqual(channel.sent, [.text("1")])
        XCTAssertEqual(outcomes.count, 1)
        XCTAssertEqual(try outcomes.first?.get(), 1)
    }

    func testADroppedBridgeReplyRejectsInTheBridgesShapeAndIsReported() async throws {
        let channel = RecordingChannel()
        do { _ = reply(on: channel, name: "forgetful") }
        guard case .error(let message)? = channel.sent.first, channel.sent.count == 1 else {
            return XCTFail("sent \(channel.sent)")
        }
        let wire = try JSONDecoder().decode([String: String].self, from: Data(message.utf8))
        XCTAssertEqual(wire["code"], "handler-failed")
        XCTAssertEqual(wire["message"], "'forgetful' did not answer")
        guard case .failure(let error)? = outcomes.first, outcomes.count == 1 else { return XCTFail("\(outcomes)") }
        XCTAssertEqual(error.code, .handlerFailed)
    }

    func testRejectWithAMessageUsesTheBridgesShape() async throws {
        let channel = RecordingChannel()
        reply(on: channel).reject(message: "nope")
        guard case .error(let message)? = channel.sent.first else { return XCTFail("sent \(channel.sent)") }
        let wire = try JSONDecoder().decode([String: String].self, from: Data(message.utf8))
        XCTAssertEqual(wire, ["code": "handler-failed", "message": "nope"])
    }
}
