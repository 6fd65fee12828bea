import ArgumentParser
import FieldCheck

extension CharacterPreset: ExpressibleByArgument {}
extension CaseMapping: ExpressibleByArgument {}
extension Normalization: ExpressibleByArgument {}
extension LengthUnit: ExpressibleByArgument {}
extension OutputForm: ExpressibleByArgument {}

/// What stdout gets for a rejected value.
enum InvalidPolicy: String, ExpressibleByArgument, CaseIterable {
    case drop, keep, blank, abort
}

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}
