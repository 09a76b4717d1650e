import ArgumentParser
import Experiments

/// Who the user is, for assignment: an optional id and targeting attributes.
struct UserOptions: ParsableArguments {
    /// Taken as it is even when it starts with a dash, as an id such as `-5` may.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The user id: logged with every event, and the attribute `id` experiments hash.", valueName: "id")
    )
    var user: String?

    @OptionGroup var attributeOptions: AttributeOptions

    /// The attributes given on the command line.
    func parsedAttributes() throws -> Attributes {
        try attributeOptions.parsedAttributes()
    }
}
