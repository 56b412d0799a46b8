import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// The hook `cassette install-hook` writes, in a real git repository: where it goes, what it
/// refuses to overwrite, and what it lets through. `swift` is replaced on the hook's PATH by a stub
/// that points at the tool this test run built, so no package is built here; the consumer check
/// (`scripts/check-consumer`) runs the real one.
@Suite struct PreCommitHookTests {
    /// A package in a git repository, with a stub `swift` that "builds" the tool in no time.
    struct Repository {
        let package: ScratchPackage
        let stubs: TemporaryDirectory

        init() throws {
            package = try ScratchPackage()
            stubs = try TemporaryDirectory(prefix: "cassette-stubs")
            let bin = CommandRun.binary.deletingLastPathComponent().path
            try stubs.write(
                "swift",
                """
                #!/bin/sh
                case "$*" in
                  "build --product cassette") exit 0 ;;
                  "build --show-bin-path") echo '\(bin)' ;;
                  *) echo "unexpected swift $*" >&2; exit 1 ;;
                esac
                """)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stubs.file("swift").path)
            try git("init", "--quiet")
            try git("config", "user.email", "hook@example.invalid")
            try git("config", "user.name", "hook")
            try git("config", "commit.gpgsign", "false")
        }

        var environment: [String: String] {
            ["PATH": stubs.url.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        }

        @discardableResult
        func git(_ arguments: String..., in directory: URL? = nil) throws -> CommandRun {
            try CommandRun(
                executable: URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: directory ?? package.root,
                environment: environment)
        }

        func commit(_ message: String) throws -> CommandRun {
            try CommandRun(
                executable: URL(fileURLWithPath: "/usr/bin/env"), ["git", "commit", "--quiet", "-m", message],
                in: package.root, environment: environment)
        }
    }

    @Test func theHookLetsGoodCassettesThroughAndRefusesBrokenOnesWithTheRightFix() throws {
        let repo = try Repository()
        #expect(try repo.package.run("install-hook").status == 0)
        try repo.package.write("Cassettes/Good.json", Fixtures.cleanCassette)
        try repo.git("add", ".")
        let good = try repo.commit("good")
        #expect(good.status == 0, "\(good)")

        try repo.package.write("Cassettes/Broken.json", Fixtures.cleanCassette.encoded().prefix(80))
        try repo.git("add", "Cassettes/Broken.json")
        let broken = try repo.commit("broken")
        #expect(broken.status == 1)
        // git hands what a hook prints to standard error.
        #expect(broken.stderr.contains("Cassettes/Broken.json:") && broken.stderr.contains("[format]"))
        #expect(broken.stderr.contains("pre-commit: cassette lint refused the commit. To fix:"))
        #expect(broken.stderr.contains("[format]: Cassettes/Broken.json : repair by hand, or record again"))
        #expect(!broken.stderr.contains("cassette scrub Cassettes/Broken.json"))
        try repo.git("rm", "--cached", "--quiet", "Cassettes/Broken.json")

        try repo.package.write("Cassettes/Token.json", Fixtures.tokenCassette)
        try repo.git("add", "Cassettes/Token.json")
        let token = try repo.commit("token")
        #expect(token.status == 1)
        #expect(token.stderr.contains("[secret]"))
        #expect(token.stderr.contains("[secret] [canonical]: swift run cassette scrub Cassettes/Token.json"))
        #expect(!token.stdout.contains("abc123def456ghi789") && !token.stderr.contains("abc123def456ghi789"))
    }

    @Test func theHookLintsWhatIsStagedNotTheWorkingTree() throws {
        let repo = try Repository()
        #expect(try repo.package.run("install-hook").status == 0)
        try repo.package.write("Cassettes/Users.json", Fixtures.cleanCassette)
        try repo.git("add", ".")
        try repo.package.write("Cassettes/Users.json", "{ not json")
        #expect(try repo.commit("staged is good").status == 0)
        // The staged .cassette.json applies: a project rule makes the staged cassette's header a secret.
        try repo.package.write("Cassettes/Users.json", Fixtures.cleanCassette)
        var tenant = Fixtures.cleanCassette
        tenant.interactions[0].request.headers = [HTTPHeader("X-Tenant-Key", "tenant-key-0123456789")]
        try repo.package.write("Cassettes/Tenant.json", tenant)
        try repo.package.write(".cassette.json", #"{"scrub": {"headers": ["X-Tenant-Key"]}}"#)
        try repo.git("add", ".")
        let refused = try repo.commit("tenant")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("value of header X-Tenant-Key"), "\(refused)")
    }

    /// A `.cassette.json` staged alone is linted as a configuration: a broken one at the package's
    /// top is refused (every later swift test would fail on it), and a valid change to one in the
    /// cassettes folder goes through (it is no cassette).
    @Test func aStagedConfigurationIsCheckedAsAConfiguration() throws {
        let repo = try Repository()
        #expect(try repo.package.run("install-hook").status == 0)
        let rules = #"{"match": {"ignoreQueryItems": ["page"]}}"#
        try repo.package.write(".cassette.json", rules)
        try repo.package.write("Cassettes/.cassette.json", rules)
        try repo.package.write("Cassettes/Users.json", Fixtures.cleanCassette)
        try repo.git("add", ".")
        #expect(try repo.commit("cassettes and rules").status == 0)

        try repo.package.write(".cassette.json", String(rules.prefix(20)))
        try repo.git("add", ".cassette.json")
        let broken = try repo.commit("truncated rules")
        #expect(broken.status == 1, "\(broken)")
        #expect(broken.stderr.contains(".cassette.json:1:"), "\(broken)")
        #expect(broken.stderr.contains("[config]"), "\(broken)")
        #expect(broken.stderr.contains("  [config]: correct .cassette.json"), "\(broken)")
        try repo.package.write(".cassette.json", rules)
        try repo.git("add", ".cassette.json")

        try repo.package.write("Cassettes/.cassette.json", #"{"match": {"ignoreQueryItems": ["page", "_"]}}"#)
        try repo.git("add", "Cassettes/.cassette.json")
        let valid = try repo.commit("another rule")
        #expect(valid.status == 0, "\(valid)")
        #expect(!valid.stderr.contains("[format]"), "\(valid)")
    }

    /// A rule is judged against every cassette it covers, not only the staged ones: staging one
    /// cassette the rule does not touch warns of nothing.
    @Test func ruleWarningsJudgeEveryCassetteARuleCovers() throws {
        let repo = try Repository()
        #expect(try repo.package.run("install-hook").status == 0)
        try repo.package.write(".cassette.json", #"{"match": {"ignoreQueryItems": ["page"]}}"#)
        var paged = Fixtures.cleanCassette
        paged.interactions[0].request.url += "?page=2"
        try repo.package.write("Cassettes/Paged.json", paged)
        try repo.git("add", ".")
        #expect(try repo.commit("paged").status == 0)
        try repo.package.write("Cassettes/Users.json", Fixtures.cleanCassette)
        try repo.git("add", "Cassettes/Users.json")
        let commit = try repo.commit("users")
        #expect(commit.status == 0, "\(commit)")
        #expect(!(commit.stdout + commit.stderr).contains("matches no query item"), "\(commit)")
    }

    /// In a monorepo the hook prints paths from the repository's top, where git commit runs, and
    /// fixes that work there.
    @Test func inAMonorepoPathsAndFixesAreFromTheRepositorysTop() throws {
        let repo = try Repository()
        let package = repo.package.url("services/orders")
        try repo.package.write("services/orders/Package.swift", "")
        #expect(try CommandRun(binary: ["install-hook"], in: package).status == 0)
        try repo.package.write("services/orders/Cassettes/Token.json", Fixtures.tokenCassette)
        try repo.git("add", ".")
        let token = try repo.commit("token")
        #expect(token.status == 1, "\(token)")
        #expect(token.stderr.contains("services/orders/Cassettes/Token.json:"), "\(token)")
        #expect(
            token.stderr.contains(
                "[secret] [canonical]: swift run --package-path services/orders cassette scrub "
                    + "services/orders/Cassettes/Token.json && git add services/orders/Cassettes/Token.json"),
            "\(token)")
        // The fix works where the user commits.
        let scrub = try CommandRun(
            binary: ["scrub", "services/orders/Cassettes/Token.json"], in: repo.package.root)
        #expect(scrub.status == 0, "\(scrub)")
        try repo.git("add", "services/orders/Cassettes/Token.json")
        #expect(try repo.commit("scrubbed").status == 0)
    }

    /// The pre-commit framework's hook (.pre-commit-hooks.yaml) selects the cassettes of every
    /// Cassettes folder and every .cassette.json, and nothing else.
    @Test func theFrameworkHookSelectsNestedCassettesFoldersAndConfigurations() throws {
        let manifest = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let line = try #require(manifest.split(separator: "\n").first { $0.hasPrefix("  files: ") })
        let pattern = try NSRegularExpression(pattern: String(line.dropFirst("  files: ".count)))
        func selects(_ path: String) -> Bool {
            pattern.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
        }
        for path in [
            "Cassettes/Users.json", "Cassettes/Users/Fetch.json", "services/orders/Cassettes/Create.json",
            ".cassette.json", "Cassettes/.cassette.json", "services/orders/.cassette.json",
        ] {
            #expect(selects(path), "\(path)")
        }
        for path in ["Package.resolved", "Sources/App/config.json", "MyCassettes/A.json", "x.cassette.json"] {
            #expect(!selects(path), "\(path)")
        }
    }

    @Test func installHookRespectsCoreHooksPathAndWorktrees() throws {
        let repo = try Repository()
        try repo.git("config", "core.hooksPath", ".githooks")
        #expect(try repo.package.run("install-hook").status == 0)
        #expect(FileManager.default.isExecutableFile(atPath: repo.package.url(".githooks/pre-commit").path))
        #expect(!FileManager.default.fileExists(atPath: repo.package.url(".git/hooks/pre-commit").path))

        let other = try Repository()
        try other.package.write("README.md", "x")
        try other.git("add", ".")
        _ = try other.commit("first")
        let worktree = other.package.root.deletingLastPathComponent()
            .appendingPathComponent(other.package.root.lastPathComponent + "-worktree")
        defer { try? FileManager.default.removeItem(at: worktree) }
        try other.git("worktree", "add", "--quiet", worktree.path)
        // The worktree shares the repository's hooks.
        #expect(try CommandRun(binary: ["install-hook"], in: worktree).status == 0)
        #expect(FileManager.default.isExecutableFile(atPath: other.package.url(".git/hooks/pre-commit").path))
    }

    @Test func aHookItDidNotWriteIsLeftAloneUnlessForcedAndUninstallRestoresIt() throws {
        let repo = try Repository()
        let hook = repo.package.url(".git/hooks/pre-commit")
        try FileManager.default.createDirectory(at: hook.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho mine\n".utf8).write(to: hook)
        let refused = try repo.package.run("install-hook")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("already exists and was not written by cassette install-hook"))
        #expect(try String(contentsOf: hook, encoding: .utf8) == "#!/bin/sh\necho mine\n")
        #expect(try repo.package.run("install-hook", "--force").status == 0)
        #expect(try String(contentsOf: hook, encoding: .utf8).contains("cassette-hook"))
        let again = try repo.package.run("install-hook")
        #expect(again.status == 0)
        #expect(again.stderr.hasPrefix("updated"))
        let removed = try repo.package.run("install-hook", "--uninstall")
        #expect(removed.status == 0)
        #expect(try String(contentsOf: hook, encoding: .utf8) == "#!/bin/sh\necho mine\n")
        let notOurs = try repo.package.run("install-hook", "--uninstall")
        #expect(notOurs.status == 1)
    }

    @Test func outsideAGitRepositoryItSaysSo() throws {
        let package = try ScratchPackage()
        let run = try package.run("install-hook")
        #expect(run.status == 1)
        #expect(run.stderr.contains("is not in a git repository"))
    }
}
