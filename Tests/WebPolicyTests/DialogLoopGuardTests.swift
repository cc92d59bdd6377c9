import WebPolicy
import XCTest

/// A page's third dialog in a row offers to stop them; stopped, its dialogs answer at once
/// until another page comes, and an answer from an earlier page stops nothing.
final class DialogLoopGuardTests: XCTestCase {
    func testTheThirdDialogOffersToStopAndStoppedDialogsAnswerAtOnceUntilTheNextPage() {
        var guardian = DialogLoopGuard()
        XCTAssertEqual(guardian.dialogCame(), .show(offeringToStop: false))
        XCTAssertEqual(guardian.dialogCame(), .show(offeringToStop: false))
        XCTAssertEqual(guardian.dialogCame(), .show(offeringToStop: true))
        guardian.stop(page: guardian.page)
        XCTAssertEqual(guardian.dialogCame(), .answerAtOnce)
        XCTAssertEqual(guardian.dialogCame(), .answerAtOnce)
        guardian.pageChanged()
        XCTAssertEqual(guardian.dialogCame(), .show(offeringToStop: false))
    }

    func testAnAnswerFromAnEarlierPageStopsNothing() {
        var guardian = DialogLoopGuard(offerFrom: 1)
        let earlier = guardian.page
        XCTAssertEqual(guardian.dialogCame(), .show(offeringToStop: true))
        guardian.pageChanged()
        guardian.stop(page: earlier)
        XCTAssertEqual(guardian.dialogCame(), .show(offeringToStop: true))
    }
}
