import Foundation
import Glibc
import LoopTestHelpers
import XCTest

/// The tests' own child processes: statuses, pipes, signals, timeouts, environment and errors.
final class ChildProcessTests: XCTestCase {
    private func text(_ bytes: Data) -> String { String(decoding: bytes, as: UTF8.self) }

    func testExitStatusIsReported() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "exit 3"])
        XCTAssertEqual(child.wait(), .exited(3))
        XCTAssertEqual(child.wait().status, 3, "a second wait gives the same")
        XCTAssertFalse(child.isRunning)
    }

    func testBothStreamsAreCapturedWholeBeyondThePipeBuffer() throws {
        // 300 KB on each, standard error first: a parent reading standard output to its end
        // before the other would leave the child blocked on a full pipe.
        let script = "head -c 300000 /dev/zero | tr '\\0' e >&2; head -c 300000 /dev/zero | tr '\\0' o"
        let child = try ChildProcess("/bin/sh", ["-c", script], output: .captured, error: .captured)
        let termination = try XCTUnwrap(child.wait(timeout: .seconds(30)), "the child blocked on a full pipe")
        XCTAssertEqual(termination, .exited(0))
        XCTAssertEqual(child.output, Data(repeating: UInt8(ascii: "o"), count: 300_000))
        XCTAssertEqual(child.errorOutput, Data(repeating: UInt8(ascii: "e"), count: 300_000))
    }

    func testStandardErrorJoinsStandardOutputInTheOrderWritten() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "echo one; echo two >&2; echo three"],
                                     output: .captured, error: .standardOutput)
        XCTAssertEqual(child.wait(), .exited(0))
        XCTAssertEqual(text(child.output), "one\ntwo\nthree\n")
    }

    func testStreamedOutputArrivesInChunksAndIsNotKept() throws {
        let received = ByteCount()
        let child = try ChildProcess("/usr/bin/head", ["-c", "1000000", "/dev/zero"],
                                     output: .streamed { received.add($0.count) })
        XCTAssertEqual(child.wait(), .exited(0))
        XCTAssertEqual(received.total, 1_000_000)
        XCTAssertEqual(child.output, Data())
    }

    func testOutputIsWholeAtTheEndEvenWhileAGrandchildHoldsThePipe() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "echo started; sleep 30 & echo done"], output: .captured)
        defer { kill(-child.pid, SIGKILL) }  // the sleep, in the child's process group
        XCTAssertEqual(child.wait(timeout: .seconds(10)), .exited(0), "waited for the pipe's end")
        XCTAssertEqual(text(child.output), "started\ndone\n")
    }

    func testTerminateEndsASleepingChildInAProcessGroupOfItsOwn() throws {
        let child = try ChildProcess("/bin/sleep", ["60"])
        XCTAssertTrue(child.isRunning)
        XCTAssertEqual(getpgid(child.pid), child.pid)
        child.terminate()
        XCTAssertEqual(child.wait(timeout: .seconds(5)), .signalled(SIGTERM))
        XCTAssertEqual(child.wait().status, SIGTERM)
    }

    func testWaitTimesOutWhileTheChildRuns() throws {
        let child = try ChildProcess("/bin/sleep", ["60"])
        let clock = ContinuousClock()
        let start = clock.now
        XCTAssertNil(child.wait(timeout: .milliseconds(300)))
        let waited = clock.now - start
        XCTAssertGreaterThanOrEqual(waited, .milliseconds(300))
        XCTAssertLessThan(waited, .seconds(3))
        XCTAssertTrue(child.isRunning)
        XCTAssertEqual(child.stop(), .signalled(SIGTERM))
    }

    func testStopKillsAChildThatIgnoresSIGTERM() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "trap '' TERM; echo ready; exec sleep 60"], output: .captured)
        XCTAssertEqual(child.firstLine(timeout: .seconds(10)), "ready")
        XCTAssertEqual(child.stop(grace: .milliseconds(300)), .signalled(SIGKILL))
    }

    func testClosingTheInputPipeEndsAChildReadingIt() throws {
        let child = try ChildProcess("/bin/cat", input: .pipe, output: .captured)
        XCTAssertNil(child.wait(timeout: .milliseconds(200)), "cat ended with its input open")
        child.closeInput()
        XCTAssertEqual(child.wait(timeout: .seconds(5)), .exited(0))
        let discarded = try ChildProcess("/bin/cat", input: .discarded, output: .captured)
        XCTAssertEqual(discarded.wait(timeout: .seconds(5)), .exited(0))
        XCTAssertEqual(discarded.output, Data())
    }

    func testEnvironmentReplacesTheTestProcessesOrIsInherited() throws {
        let replaced = try ChildProcess("/usr/bin/env", environment: ["ONLY": "this one"], output: .captured)
        replaced.wait()
        XCTAssertEqual(text(replaced.output), "ONLY=this one\n")

        setenv("CHILD_PROCESS_TEST", "inherited", 1)
        defer { unsetenv("CHILD_PROCESS_TEST") }
        let inherited = try ChildProcess("/usr/bin/env", output: .captured)
        inherited.wait()
        XCTAssertTrue(text(inherited.output).split(separator: "\n").contains("CHILD_PROCESS_TEST=inherited"))
    }

    func testRunsInTheGivenDirectory() throws {
        let folder = TestDirectory()
        let child = try ChildProcess("/bin/pwd", directory: folder.url.path, output: .captured)
        child.wait()
        XCTAssertEqual(text(child.output), folder.url.resolvingSymlinksInPath().path + "\n")
    }

    /// Ignored signals and the spawning thread's blocked ones would otherwise pass to the child.
    /// (glibc's `posix_spawn` itself leaves its two internal signals, 32 and 33, ignored;
    /// programs on glibc take them back as they start. Only signals 1–31 are compared.)
    func testChildStartsWithEverySignalAtItsDefaultAndNoneBlocked() throws {
        let previous = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, previous) }
        var blocked = sigset_t(), saved = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGUSR1)
        pthread_sigmask(SIG_BLOCK, &blocked, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }

        let child = try ChildProcess("/bin/grep", ["-E", "^Sig(Blk|Ign)", "/proc/self/status"], output: .captured)
        XCTAssertEqual(child.wait(), .exited(0))
        let lines = text(child.output).split(separator: "\n")
        XCTAssertEqual(lines.map { $0.prefix(7) }, ["SigBlk:", "SigIgn:"])
        let masks = lines.map { line in
            line.split(separator: "\t").last.flatMap { UInt64($0, radix: 16) }.map { $0 & 0x7fff_ffff }
        }
        XCTAssertEqual(masks, [0, 0], "blocked, then ignored signals: \(lines)")
    }

    /// Any descriptor of ours without close-on-exec, or another child's pipe, would otherwise
    /// pass to the child.
    func testChildGetsNoDescriptorOfTheTestProcessButTheStandardThree() throws {
        let holder = try ChildProcess("/bin/cat", input: .pipe, output: .captured)
        defer { holder.closeInput(); holder.wait() }
        let inherited = open("/dev/null", O_RDONLY)  // no O_CLOEXEC
        defer { close(inherited) }
        let child = try ChildProcess("/bin/sh", ["-c", "ls /proc/$$/fd"], output: .captured)
        XCTAssertEqual(child.wait(), .exited(0))
        XCTAssertEqual(text(child.output), "0\n1\n2\n")
    }

    func testAMissingExecutableOrDirectoryThrowsAClearError() {
        XCTAssertThrowsError(try ChildProcess("/no/such/program")) { error in
            XCTAssertEqual((error as? SpawnError)?.code, ENOENT)
            XCTAssertEqual("\(error)", "cannot start /no/such/program: No such file or directory")
        }
        XCTAssertThrowsError(try ChildProcess("/bin/true", directory: "/no/such/folder")) { error in
            XCTAssertEqual("\(error)", "cannot start /bin/true in /no/such/folder: No such file or directory")
        }
    }
}

/// Bytes counted on a reading thread.
private final class ByteCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var total: Int { lock.withLock { count } }

    func add(_ bytes: Int) {
        lock.withLock { count += bytes }
    }
}
