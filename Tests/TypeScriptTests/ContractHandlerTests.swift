import Foundation
import NotesHandlers
import TestHelpers
import WebBridge
import WebBridgeGTK
import WebKitGTK
import WebViewHostApp
import XCTest

/// A contract lists exactly the handlers its pages get: a handler added without a contract
/// entry (or an entry whose handler went) fails here.
final class ContractHandlerTests: GTKTestCase {
    func testTheAppsContractListsTheHandlersOfItsPages() {
        gtkTest {
            let page = PageBridge(bridge: WebViewBridge(view: WebView()), services: DemoServices())
            XCTAssertEqual(page.bridge.contractNames, PageBridge.contract.handlerNames)
            page.bridge.tearDown()
        }
    }

    func testTheNotesContractListsTheHandlersOfItsPage() {
        gtkTest {
            let directory = TestDirectory()
            let bridge = WebViewBridge(view: WebView())
            NotesBridge.install(on: bridge, store: NotesStore(file: directory.url.appendingPathComponent("notes.json")))
            XCTAssertEqual(bridge.contractNames, NotesBridge.contract.handlerNames)
            bridge.tearDown()
        }
    }
}
