import Foundation

// ArticleCodeExtractor ARTICLE.md OUTPUT.swift
//
// Writes the ```swift blocks of ARTICLE.md to OUTPUT.swift for ArticleCodePlugin, which compiles
// them into the test target it is applied to. An error is one `ARTICLE:LINE: error: ...` line and
// a non-zero exit, which fails the build.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let articlePath = arguments.first, let outputPath = arguments.last else {
    FileHandle.standardError.write(Data("usage: ArticleCodeExtractor ARTICLE.md OUTPUT.swift\n".utf8))
    exit(2)
}

func fail(_ message: String, line: Int = 1) -> Never {
    FileHandle.standardError.write(Data("\(articlePath):\(line): error: \(message)\n".utf8))
    exit(1)
}

let article: String
do {
    article = try String(contentsOfFile: articlePath, encoding: .utf8)
} catch {
    fail("cannot read the article: \(error.localizedDescription)")
}

do throws(ArticleCodeError) {
    let code = try ArticleCode(article: article)
    guard !code.blocks.isEmpty else { throw .noSwiftBlocks }
    let text = code.swiftFile(articlePath: articlePath)
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
    } catch {
        fail("cannot write \(outputPath): \(error.localizedDescription)")
    }
} catch {
    switch error {
    case .unclosedFence(let line): fail(error.description, line: line)
    case .noSwiftBlocks: fail(error.description)
    }
}
