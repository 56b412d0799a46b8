import CassetteCore
import Foundation

/// Where test runs leave the files the tool reads (usage ledgers, drift reports): the folder an
/// option names, else the one the environment variable names, else the package's default folder.
enum RunFolder {
    /// The folder, and the package root its keys are relative to.
    ///
    /// - Parameters:
    ///   - option: The command line's folder (`--ledger DIR`), if given.
    ///   - variable: The environment variable that may name it (`off` counts as unset).
    ///   - defaultDirectory: The package's folder, from its root.
    ///   - optionName: The option, for the message when there is no package.
    /// - Returns: `nil` when nothing names a folder and there is no package around the current
    ///   directory.
    static func locate(
        option: String?, variable: String, defaultDirectory: (URL) -> URL, in context: CommandContext
    ) -> (directory: URL, packageRoot: URL)? {
        let root = PackageRoot.containing(context.currentDirectory)
        let packageRoot = root ?? context.currentDirectory
        let setting = context.environment[variable] ?? ""
        if let option { return (context.url(forPath: option, isDirectory: true), packageRoot) }
        if !setting.isEmpty && setting.lowercased() != "off" {
            return (context.url(forPath: setting, isDirectory: true), packageRoot)
        }
        return root.map { (defaultDirectory($0), $0) }
    }
}
