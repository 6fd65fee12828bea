/// A table schema with every column compiled once (ICU sets, expressions, formatters), before
/// any row is read: a bad pattern or rule is a configuration error at once, and every file of
/// a run reuses the same validators.
public struct CompiledSchema {
    public let schema: TableSchema
    let validators: [FieldValidator]
    /// The key values each of the schema's foreign keys is looked up in, read by the front end
    /// before the table (a foreign key without its values here is not checked).
    public var references: [ReferenceKeys] = []

    /// - Throws: `ConfigurationError` naming the schema path of the column that cannot compile.
    public init(_ schema: TableSchema) throws(ConfigurationError) {
        self.schema = schema
        var validators: [FieldValidator] = []
        // Columns of one specification share its validator (cells are checked one at a time
        // on a thread): a schema of 10,000 alike columns compiles one, not 10,000.
        var compiled: [FieldSpec: FieldValidator] = [:]
        for column in schema.columns {
            if let validator = compiled[column.spec] {
                validators.append(validator)
                continue
            }
            do {
                let validator = try FieldValidator(column.spec)
                compiled[column.spec] = validator
                validators.append(validator)
            } catch {
                throw ConfigurationError("\(column.path): \(error.message)", advice: error.advice)
            }
        }
        self.validators = validators
    }
}
