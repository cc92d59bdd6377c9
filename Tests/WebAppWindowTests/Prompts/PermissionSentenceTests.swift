@testable import WebAppWindow
import WebKitGTK
import XCTest

/// Each asker and permission is one whole sentence of the catalogs (English here), never a
/// phrase fitted into another: a translator words each whole.
final class PermissionSentenceTests: XCTestCase {
    func testEveryAskerAndPermissionIsOneWholeSentence() {
        let site = Origin(scheme: "https", host: "maps.example", port: nil)
        let page = Origin(scheme: "app", host: "localhost", port: nil)
        let kinds: [PermissionKind] = [.geolocation, .notifications, .camera, .microphone, .cameraAndMicrophone, .screenSharing,
                                       .clipboard, .deviceList, .pointerLock, .protectedMedia(keySystem: "Widevine"),
                                       .siteData(requestingSite: "video.example"), .codecInstallation(what: "H.264 decoder")]
        let askers: [(PermissionAsker, String)] = [(.page(site), "“https://maps.example” wants to "),
                                                   (.embeddedFrame(site, page: page), "A frame embedded in this page from “https://maps.example” wants to "),
                                                   (.unknownFrame(page: page), "A frame embedded in this page wants to ")]
        var sentences: Set<String> = []
        for (asker, opening) in askers {
            for kind in kinds {
                let sentence = PermissionQuestion(asker: asker, kind: kind).sentence
                XCTAssertEqual(sentence, opening + kind.description + ".")
                sentences.insert(sentence)
            }
        }
        XCTAssertEqual(sentences.count, askers.count * kinds.count)
    }
}
