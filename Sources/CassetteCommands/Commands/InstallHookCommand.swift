import CassetteCore
import CassetteProcess
import Foundation

/// `cassette install-hook`: installs the git pre-commit hook in the package the command runs in.
enum InstallHookCommand: Command {
    static let name = "install-hook"
    static let abstract = "Install a git pre-commit hook that lints the staged cassettes."
    static let discussion = """
        Run it in your package (swift run cassette install-hook). It writes the repository's
        pre-commit hook (where git looks for it: core.hooksPath and worktrees are respected); on
        each commit the hook lints the cassettes staged under the cassettes folder and the
        package's staged .cassette.json files, as staged, with the cassette tool of the package's
        own Cassette dependency (built by swift build, so it follows the version Package.resolved
        pins), and refuses the commit with the fix for each kind of problem. Paths and fixes are
        printed from the repository's top, where git commit runs (a package in a monorepo too). A
        hook it did not write (whatever its bytes) is left alone unless --force, which keeps it
        byte for byte as pre-commit.before-cassette (then .1, .2, ...: no backup is ever
        replaced); --uninstall removes the hook it wrote and restores the latest backup.
        """

    static let force = CommandOption.flag("--force", help: "Replace a pre-commit hook cassette did not write.")
    static let uninstall = CommandOption.flag("--uninstall", help: "Remove the hook cassette wrote.")
    static let cassettes = CommandOption.value(
        "--cassettes", valueName: "dir", help: "The folder of cassettes, relative to the package.",
        defaultValue: "Cassettes")
    static let options = [force, uninstall, cassettes]
    static let arguments: [CommandArgument] = []

    static func run(_ parsed: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        let console = context.console
        guard let package = PackageRoot.containing(context.currentDirectory) else {
            console.error(
                "error: no Package.swift in \(context.currentDirectory.path) or above it; run install-hook in your "
                    + "package (swift run cassette install-hook)")
            return .failure
        }
        let hooks: URL
        let prefix: String
        do throws(GitError) {
            // Relative to the package, or absolute (in a linked worktree, the main repository's).
            let path = try git(["rev-parse", "--git-path", "hooks"], in: package)
            hooks = URL(fileURLWithPath: path, isDirectory: true, relativeTo: package).absoluteURL.standardizedFileURL
            prefix = try git(["rev-parse", "--show-prefix"], in: package)
        } catch {
            console.error("error: \(error.message)")
            return .failure
        }
        let hook = hooks.appendingPathComponent("pre-commit")
        let shown = context.displayPath(hook.path)
        // Bytes, not text: a hook that is not UTF-8 (a Latin-1 comment, a binary) is still a hook.
        let existing = HookBackups.existingHook(at: hook)
        let ours = existing.map { $0.range(of: Data(PreCommitHook.marker.utf8)) != nil } == true
        if parsed.isSet(uninstall) {
            guard existing != nil else {
                console.error("no pre-commit hook in \(shown); nothing to remove")
                return .success
            }
            guard ours else {
                console.error("error: \(shown) was not written by cassette install-hook; it was left alone")
                return .failure
            }
            do {
                try FileManager.default.removeItem(at: hook)
                if let backup = HookBackups.latest(in: hooks) {
                    try FileManager.default.moveItem(at: backup, to: hook)
                    console.error(
                        "removed the cassette hook; restored the hook it replaced (\(backup.lastPathComponent))")
                } else {
                    console.error("removed \(shown)")
                }
            } catch {
                console.error("error: cannot remove \(shown): \(error.localizedDescription)")
                return .failure
            }
            return .success
        }
        if existing != nil && !ours {
            guard parsed.isSet(force) else {
                console.error(
                    "error: \(shown) already exists and was not written by cassette install-hook; add a call to "
                        + "cassette lint to it yourself, or pass --force to replace it (it is kept as "
                        + "\(HookBackups.next(in: hooks).lastPathComponent))")
                return .failure
            }
            // Never over an earlier backup: each replaced hook gets a name of its own.
            let backup = HookBackups.next(in: hooks)
            do {
                try FileManager.default.moveItem(at: hook, to: backup)
            } catch {
                console.error(
                    "error: cannot keep the old hook as \(backup.lastPathComponent): \(error.localizedDescription)")
                return .failure
            }
            console.error("kept the hook it replaces as \(context.displayPath(backup.path))")
        }
        let folder = parsed.value(of: cassettes) ?? "Cassettes"
        // `git rev-parse --show-prefix` is the package's folder below the top, with a slash after it.
        let script = PreCommitHook.script(
            package: prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix, cassettes: folder)
        do {
            try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
            try AtomicFile.write(Data(script.utf8), to: hook)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
        } catch {
            console.error("error: cannot write \(shown): \(error)")
            return .failure
        }
        console.error(
            "\(ours ? "updated" : "installed") \(shown): each commit lints the cassettes staged under \(folder)/ "
                + "and the staged .cassette.json files with this package's cassette tool")
        return .success
    }

    /// Why a git command failed.
    struct GitError: Error {
        var message: String
    }

    /// The trimmed output of `git arguments` run in `directory`.
    private static func git(_ arguments: [String], in directory: URL) throws(GitError) -> String {
        let process: ChildProcess
        do {
            process = try ChildProcess.launch(
                executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["git"] + arguments, directory: directory,
                standardOutput: .pipe, standardError: .pipe)
        } catch {
            throw GitError(message: "cannot run git: \(error)")
        }
        let data = process.standardOutput!.readDataToEndOfFile()
        let errorText = String(decoding: process.standardError!.readDataToEndOfFile(), as: UTF8.self)
        guard process.waitUntilExit().status == 0 else {
            throw GitError(
                message: "\(directory.path) is not in a git repository (git \(arguments.joined(separator: " ")): "
                    + errorText.trimmingCharacters(in: .whitespacesAndNewlines) + ")")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
