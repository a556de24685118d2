// The C API of include/mdsyntax.h over KSyntaxHighlighting. See that header for why
// this is a separate shared library.
#include "mdsyntax.h"

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>
#include <QString>

#include <cstdlib>
#include <cstring>
#include <vector>

using namespace KSyntaxHighlighting;

struct mdsyntax_repository {
    Repository repository;
};

namespace {

/// The token kind of a KSyntaxHighlighting text style; 0 for plain text.
int32_t kindOf(Theme::TextStyle style) {
    switch (style) {
    case Theme::Keyword: case Theme::ControlFlow: return MDSYNTAX_KEYWORD;
    case Theme::DataType: return MDSYNTAX_TYPE;
    case Theme::BuiltIn: case Theme::Extension: return MDSYNTAX_BUILTIN;
    case Theme::Function: return MDSYNTAX_FUNCTION;
    case Theme::Variable: return MDSYNTAX_VARIABLE;
    case Theme::Constant: return MDSYNTAX_CONSTANT;
    case Theme::DecVal: case Theme::BaseN: case Theme::Float: return MDSYNTAX_NUMBER;
    case Theme::String: case Theme::VerbatimString: case Theme::SpecialString: case Theme::Char: return MDSYNTAX_STRING;
    case Theme::SpecialChar: return MDSYNTAX_ESCAPE;
    case Theme::Comment: case Theme::Documentation: case Theme::CommentVar: case Theme::RegionMarker: return MDSYNTAX_COMMENT;
    case Theme::Preprocessor: case Theme::Import: return MDSYNTAX_PREPROCESSOR;
    case Theme::Attribute: case Theme::Annotation: return MDSYNTAX_ATTRIBUTE;
    case Theme::Operator: return MDSYNTAX_OPERATOR;
    case Theme::Error: return MDSYNTAX_ERROR;
    case Theme::Alert: case Theme::Warning: case Theme::Information: return MDSYNTAX_ALERT;
    default: return 0;  // Normal, Others
    }
}

/// Collects the formats KSyntaxHighlighting reports for one line as UTF-8 spans.
/// `utf8Offset[i]` is the UTF-8 offset (from the text's start) of UTF-16 unit i of the
/// current line; one extra entry holds the line's end.
class SpanCollector final : public AbstractHighlighter {
public:
    std::vector<int32_t> spans;
    std::vector<int32_t> utf8Offset;

    State highlight(const QString &line, const State &state) { return highlightLine(line, state); }

protected:
    void applyFormat(int offset, int length, const Format &format) override {
        int32_t kind = kindOf(format.textStyle());
        if (length <= 0 || kind == 0 || offset < 0) return;
        size_t end = size_t(offset) + size_t(length);
        if (end >= utf8Offset.size()) return;
        int32_t start = utf8Offset[size_t(offset)];
        int32_t bytes = utf8Offset[end] - start;
        if (bytes <= 0) return;
        if (!spans.empty()) {
            // Merge with the previous stretch when it is adjacent and of the same kind.
            size_t n = spans.size();
            if (spans[n - 1] == kind && spans[n - 3] + spans[n - 2] == start) {
                spans[n - 2] += bytes;
                return;
            }
        }
        spans.push_back(start);
        spans.push_back(bytes);
        spans.push_back(kind);
    }
};

/// Decodes one line of valid UTF-8 into UTF-16 units, recording each unit's UTF-8 offset.
void decodeLine(const unsigned char *p, int32_t begin, int32_t end, std::vector<char16_t> &units,
                std::vector<int32_t> &offsets) {
    units.clear();
    offsets.clear();
    int32_t i = begin;
    while (i < end) {
        unsigned char b = p[i];
        uint32_t cp;
        int32_t n;
        if (b < 0x80) { cp = b; n = 1; }
        else if ((b & 0xE0) == 0xC0) { cp = b & 0x1F; n = 2; }
        else if ((b & 0xF0) == 0xE0) { cp = b & 0x0F; n = 3; }
        else if ((b & 0xF8) == 0xF0) { cp = b & 0x07; n = 4; }
        else { cp = 0xFFFD; n = 1; }
        if (i + n > end) { cp = 0xFFFD; n = end - i; }
        for (int32_t k = 1; k < n; k++) cp = (cp << 6) | (p[i + k] & 0x3F);
        if (cp >= 0x10000) {
            cp -= 0x10000;
            units.push_back(char16_t(0xD800 + (cp >> 10)));
            offsets.push_back(i);
            units.push_back(char16_t(0xDC00 + (cp & 0x3FF)));
            offsets.push_back(i);
        } else {
            units.push_back(char16_t(cp));
            offsets.push_back(i);
        }
        i += n;
    }
    offsets.push_back(end);
}

} // namespace

extern "C" {

mdsyntax_repository *mdsyntax_open(void) { return new mdsyntax_repository(); }

void mdsyntax_close(mdsyntax_repository *repository) { delete repository; }

int32_t mdsyntax_definition_count(mdsyntax_repository *repository) {
    return int32_t(repository->repository.definitions().size());
}

int32_t mdsyntax_find(mdsyntax_repository *repository, const char *name, const char *file_name, char *out,
                      int32_t capacity) {
    QString wanted = QString::fromUtf8(name);
    Definition def = repository->repository.definitionForName(wanted);
    if (!def.isValid()) {
        // definitionForName is case-sensitive; Markdown authors write "rust", "kotlin".
        for (const Definition &candidate : repository->repository.definitions()) {
            if (candidate.name().compare(wanted, Qt::CaseInsensitive) == 0) { def = candidate; break; }
        }
    }
    if (!def.isValid() && file_name) def = repository->repository.definitionForFileName(QString::fromUtf8(file_name));
    if (!def.isValid()) return 0;
    QByteArray found = def.name().toUtf8();
    if (found.size() + 1 > capacity) return -1;
    std::memcpy(out, found.constData(), size_t(found.size()));
    out[found.size()] = 0;
    return int32_t(found.size());
}

int32_t mdsyntax_highlight(mdsyntax_repository *repository, const char *definition, const char *text, int32_t length,
                           int32_t **spans) {
    *spans = nullptr;
    Definition def = repository->repository.definitionForName(QString::fromUtf8(definition));
    if (!def.isValid()) return -1;
    SpanCollector collector;
    collector.setDefinition(def);
    const unsigned char *p = reinterpret_cast<const unsigned char *>(text);
    std::vector<char16_t> units;
    State state;
    int32_t lineStart = 0;
    while (lineStart <= length) {
        int32_t lineEnd = lineStart;
        while (lineEnd < length && p[lineEnd] != '\n') lineEnd++;
        decodeLine(p, lineStart, lineEnd, units, collector.utf8Offset);
        QString line = QString::fromUtf16(units.data(), int(units.size()));
        state = collector.highlight(line, state);
        lineStart = lineEnd + 1;
    }
    size_t n = collector.spans.size();
    if (n == 0) return 0;
    int32_t *out = static_cast<int32_t *>(std::malloc(n * sizeof(int32_t)));
    if (!out) return 0;
    std::memcpy(out, collector.spans.data(), n * sizeof(int32_t));
    *spans = out;
    return int32_t(n / 3);
}

void mdsyntax_free(int32_t *spans) { std::free(spans); }

} // extern "C"
