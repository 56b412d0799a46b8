// The model and the scrubber are part of the API of everything built on this module: `import
// CassetteCore` (and `import Cassette`, which re-exports it) brings them.
@_exported import CassetteModel
@_exported import CassetteScrubbing
