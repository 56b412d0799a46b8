@_exported import CassetteCore
