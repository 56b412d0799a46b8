import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// `install-hook` never loses a user's own pre-commit hook: not one that is not UTF-8, and not an
/// earlier backup when `--force` replaces a hook again.
@Suite struct HookBackupTests {
    /// A hook with a Latin-1 comment ("café" as 0xE9) and a NUL: not UTF-8.
    static let latin1Hook = Data("#!/bin/sh\n# caf".utf8) + Data([0xE9, 0x00, 0xFF]) + Data("\necho mine\n".utf8)

    @Test func aHookThatIsNotUTF8IsLeftAloneWithoutForceAndKeptByteForByteWithIt() throws {
        let repo = try PreCommitHookTests.Repository()
        let hooks = repo.package.url(".git/hooks")
        let hook = hooks.appendingPathComponent("pre-commit")
        try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
        try Self.latin1Hook.write(to: hook)
        let refused = try repo.package.run("install-hook")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("already exists and was not written by cassette install-hook"))
        #expect(try Data(contentsOf: hook) == Self.latin1Hook)
        let forced = try repo.package.run("install-hook", "--force")
        #expect(forced.status == 0)
        #expect(forced.stderr.contains("kept the hook it replaces as .git/hooks/pre-commit.before-cassette\n"))
        #expect(try Data(contentsOf: hooks.appendingPathComponent("pre-commit.before-cassette")) == Self.latin1Hook)
        #expect(try repo.package.run("install-hook", "--uninstall").status == 0)
        #expect(try Data(contentsOf: hook) == Self.latin1Hook)
    }

    @Test func forcingTwiceKeepsEveryReplacedHook() throws {
        let repo = try PreCommitHookTests.Repository()
        let hooks = repo.package.url(".git/hooks")
        let hook = hooks.appendingPathComponent("pre-commit")
        try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
        let first = Data("#!/bin/sh\necho first\n".utf8)
        let second = Self.latin1Hook
        try first.write(to: hook)
        #expect(try repo.package.run("install-hook", "--force").status == 0)
        // The user puts a hook of their own back, and forces again.
        try FileManager.default.removeItem(at: hook)
        try second.write(to: hook)
        let again = try repo.package.run("install-hook", "--force")
        #expect(again.status == 0)
        #expect(again.stderr.contains("pre-commit.before-cassette.1"))
        #expect(try Data(contentsOf: hooks.appendingPathComponent("pre-commit.before-cassette")) == first)
        #expect(try Data(contentsOf: hooks.appendingPathComponent("pre-commit.before-cassette.1")) == second)
        // Uninstalling restores the latest; the earlier backup stays where it is.
        #expect(try repo.package.run("install-hook", "--uninstall").status == 0)
        #expect(try Data(contentsOf: hook) == second)
        #expect(try Data(contentsOf: hooks.appendingPathComponent("pre-commit.before-cassette")) == first)
    }
}
