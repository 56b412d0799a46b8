// The model, codec and scrubber are part of the library's API: users write `import Cassette` only.
@_exported import CassetteCore
