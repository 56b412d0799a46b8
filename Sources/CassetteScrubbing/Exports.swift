// The scrubber's API is made of the model's types: `import CassetteScrubbing` brings them.
@_exported import CassetteModel
