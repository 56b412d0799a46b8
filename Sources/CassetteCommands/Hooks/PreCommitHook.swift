import CassetteCore

/// The git pre-commit hook `cassette install-hook` writes: it lints the cassettes and the
/// `.cassette.json` files staged in each commit with the `cassette` tool of the package's own
/// Cassette dependency, built by `swift build` (so it follows the version `Package.resolved` pins,
/// and is rebuilt when that changes), and says for each kind of problem how to fix it.
///
/// It lints what is staged, not the working tree: the staged cassettes of the cassettes folder and
/// every staged `.cassette.json` of the package, among every cassette and configuration of the
/// index (so a match rule is judged against every cassette it covers), in a copy of the repository's
/// layout, with paths from the repository's top, where `git commit` runs.
enum PreCommitHook {
    /// The line that marks a hook as written by `cassette install-hook`.
    static let marker = "# cassette-hook: written by `swift run cassette install-hook`"

    /// The hook's script.
    ///
    /// - Parameters:
    ///   - package: The package folder, relative to the repository's top (empty when it is the top).
    ///   - cassettes: The folder of cassettes, relative to the package.
    static func script(package: String, cassettes: String) -> String {
        """
        #!/usr/bin/env bash
        \(marker)
        # Lints the cassettes staged under \(cassettes.isEmpty ? "the package" : cassettes + "/") and the staged .cassette.json files with `cassette
        # lint`, using the cassette tool of this package's Cassette dependency. Remove it with
        # `swift run cassette install-hook --uninstall`; skip it once with `git commit --no-verify`.
        set -euo pipefail
        package=\(ShellQuoting.quoted(package.isEmpty ? "." : package))
        cassettes=\(ShellQuoting.quoted(cassettes.isEmpty ? "." : cassettes))
        top=$(git rev-parse --show-toplevel)
        cd "$top/$package"
        # Paths are printed from the repository's top, where git commit runs.
        prefix=""
        [ "$package" = . ] || prefix="$package/"
        # The staged cassettes of the cassettes folder, and the package's staged .cassette.json files.
        staged=()
        temporary=()
        while IFS= read -r path; do
            case "$path" in
                .*.tmp-* | */.*.tmp-*) temporary+=("$prefix$path") ;;
                *.json) staged+=("$prefix$path") ;;
            esac
        done < <(git diff --cached --name-only --diff-filter=ACMR --relative -- "$cassettes" ':(glob)**/.cassette.json')
        if [ "${#temporary[@]}" -gt 0 ]; then
            printf '%s:1:1: error: stray temporary file of an interrupted cassette write, not a cassette [temporary]\\n' "${temporary[@]}"
            echo "pre-commit: temporary files are staged. To fix: git rm --cached ${temporary[*]} && rm ${temporary[*]}; keep them out of git with the line .*.tmp-* in .gitignore" >&2
            exit 1
        fi
        [ "${#staged[@]}" -gt 0 ] || exit 0
        scratch=$(mktemp -d)
        trap 'rm -rf "$scratch"' EXIT
        # The tool of the dependency's resolved version; an up-to-date build takes a moment.
        if ! swift build --product cassette >"$scratch/build.log" 2>&1; then
            cat "$scratch/build.log" >&2
            echo "pre-commit: could not build the cassette tool (swift build --product cassette)" >&2
            exit 1
        fi
        tool="$(swift build --show-bin-path)/cassette"
        # What is staged, not what is in the working tree: every cassette of the cassettes folder and
        # every .cassette.json of the package, laid out as in the repository.
        mirror="$scratch/repository"
        mkdir -p "$mirror/$package"
        touch "$mirror/$package/Package.swift"
        git ls-files -z --cached -- "$cassettes" ':(glob)**/.cassette.json' | git checkout-index -z --stdin --prefix="$mirror/"
        # The usage ledger names the tests that use a cassette, for the [stale] fix.
        ledger="$top/$package/.build/cassette-usage"
        [ -d "$ledger" ] && export CASSETTE_USAGE_LEDGER="$ledger"
        set +e
        (cd "$mirror" && "$tool" lint "${staged[@]}") >"$scratch/lint.out" 2>"$scratch/lint.err"
        status=$?
        set -e
        cat "$scratch/lint.out"
        [ "$status" -eq 0 ] && exit 0
        cat "$scratch/lint.err" >&2
        [ "$status" -eq 1 ] || exit "$status"
        echo "pre-commit: cassette lint refused the commit. To fix:" >&2
        files_with() {
            { grep -E "\\[($1)\\]$" "$scratch/lint.out" || true; } | cut -d: -f1 | sort -u | tr '\\n' ' '
        }
        run="swift run"
        [ "$package" = . ] || run="swift run --package-path $package"
        scrub=$(files_with 'secret|canonical')
        [ -z "$scrub" ] || echo "  [secret] [canonical]: $run cassette scrub $scrub&& git add $scrub" >&2
        broken=$(files_with format)
        [ -z "$broken" ] || echo "  [format]: $broken: repair by hand, or record again (CASSETTE_MODE=record swift test --filter <test>); cassette scrub cannot fix a file it cannot read" >&2
        stale=$(files_with stale)
        [ -z "$stale" ] || echo "  [stale]: $stale: re-record with the CASSETTE_RERECORD command each finding shows" >&2
        unreachable=$(files_with unreachable)
        [ -z "$unreachable" ] || echo "  [unreachable]: $unreachable: record the interaction again, or remove it" >&2
        config=$(files_with config)
        [ -z "$config" ] || echo "  [config]: correct $config(every swift test of the cassettes it covers fails until then)" >&2
        echo "  (git commit --no-verify skips the check)" >&2
        exit 1

        """
    }
}
