package lcm.fortran;

import lcm.expr.NumberText;
import lcm.antlr.TextOrigin;
import lcm.source.FileNames;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The line layer of the Fortran front end (docs/fortran.md): turns physical lines into logical
 * lines. It knows the column rules of fixed form, {@code &} continuation of free form,
 * comment, directive and annotation sentinels, labels, {@code ;} separators and
 * {@code include} expansion (the included lines keep their own file and line numbers).
 */
public final class LineLayer {

    private static final Pattern INCLUDE = Pattern.compile("(?i)^\\s*include\\s*(['\"])(.+?)\\1\\s*$");
    private static final int MAX_INCLUDE_DEPTH = 20;
    /** Lines all includes of one run may add: a bound on headers that include each other many times. */
    static final int MAX_INCLUDED_LINES = 1_000_000;

    private final SourceRegistry sources;
    private final Diagnostics diagnostics;
    private final FortranOptions options;
    private final Deque<Path> includeStack = new ArrayDeque<>();
    private int includedLines;
    private boolean expansionStopped;
    /** Physical lines whose text past the line length was cut off, by file and line. */
    private final Map<Path, NavigableMap<Integer, SourceLocation>> truncated = new HashMap<>();

    public LineLayer(SourceRegistry sources, Diagnostics diagnostics) {
        this(sources, diagnostics, FortranOptions.DEFAULT);
    }

    public LineLayer(SourceRegistry sources, Diagnostics diagnostics, FortranOptions options) {
        this.sources = sources;
        this.diagnostics = diagnostics;
        this.options = options;
    }

    /**
     * Where text was cut off at the line length, by file and line: the location of the first
     * character not read, one per physical line, as read so far (a caller that takes the lines
     * a part at a time checks each part's statements against it). Empty with
     * {@code --line-length 132} for 132-column sources.
     */
    public Map<Path, NavigableMap<Integer, SourceLocation>> truncated() {
        return Collections.unmodifiableMap(truncated);
    }

    /** The logical lines of {@code text}, includes expanded, in {@code form}. */
    public List<LogicalLine> logicalLines(SourceText text, SourceForm form) {
        List<LogicalLine> out = new ArrayList<>();
        logicalLines(text, form, out::add);
        return out;
    }

    /**
     * Hands the logical lines of {@code text} to {@code out} one by one, as they are read: a
     * caller that is done with a line before the next one comes never holds the whole file's
     * lines (682,546 lines of a generated program were some 170 MB at once).
     */
    public void logicalLines(SourceText text, SourceForm form, Consumer<LogicalLine> out) {
        includeStack.push(text.path());
        try {
            Preprocessor.Result pre = new Preprocessor(options, diagnostics).apply(text, form);
            List<Map.Entry<Integer, String>> hashIncludes = new ArrayList<>(pre.includes().entrySet());
            int[] nextInclude = {0};
            Consumer<LogicalLine> raw = l -> {
                while (nextInclude[0] < hashIncludes.size() && hashIncludes.get(nextInclude[0]).getKey() < l.at().line()) {
                    hashInclude(text, hashIncludes.get(nextInclude[0]++), form, out);
                }
                if (l.kind() == LogicalLine.Kind.STATEMENT && l.text().regionMatches(true, 0, "include", 0, 7)) {
                    Matcher m = INCLUDE.matcher(l.text());
                    if (m.matches()) {
                        expandInclude(l, m.group(2), form, out);
                        return;
                    }
                }
                out.accept(l);
            };
            if (form == SourceForm.FIXED) {
                FixedForm fixed = new FixedForm(pre.text(), options.lineLength(), raw,
                        c -> truncated.computeIfAbsent(c.file(), f -> new TreeMap<>()).put(c.line(), c));
                fixed.read();
                reportTruncation(text, fixed.cut);
            } else {
                new FreeForm(pre.text(), raw).read();
            }
            while (nextInclude[0] < hashIncludes.size()) {
                hashInclude(text, hashIncludes.get(nextInclude[0]++), form, out);
            }
        } finally {
            includeStack.pop();
        }
    }

    private void hashInclude(SourceText text, Map.Entry<Integer, String> include, SourceForm form, Consumer<LogicalLine> out) {
        String line = text.line(include.getKey()).orElse("");
        SourceLocation at = new SourceLocation(text.path(), include.getKey(), leadingBlanks(line) + 1);
        LogicalLine l = new LogicalLine(LogicalLine.Kind.STATEMENT, LogicalLine.Sentinel.NONE,
                "include '" + include.getValue() + "'", "", at, at.line(), TextOrigin.at(at));
        expandInclude(l, include.getValue(), form, out);
    }

    /**
     * Text past the line length is what compilers drop; it is a warning once per file, with
     * the number of lines cut, because the cut is silent in the compiler and often a mistake
     * (a source meant for {@code -ffixed-line-length-132}).
     */
    private void reportTruncation(SourceText text, List<SourceLocation> cut) {
        if (cut.isEmpty()) {
            return; // (the cut locations are in truncated already, added as they were read)
        }
        int n = options.lineLength();
        diagnostics.warning(cut.get(0), "text past column " + n + " is ignored"
                + (cut.size() > 1 ? " (on " + cut.size() + " lines of " + text.path().getFileName() + ", the first here)" : "")
                + (n < 132 ? "; --line-length 132 reads it" : ""));
    }

    private void expandInclude(LogicalLine at, String name, SourceForm form, Consumer<LogicalLine> out) {
        if (expansionStopped) {
            return;
        }
        Path target;
        Path shown;
        try {
            Path dir = at.at().file().toAbsolutePath().getParent();
            target = dir == null ? Path.of(name) : dir.resolve(name);
            shown = relativize(at.at().file(), name);
        } catch (InvalidPathException e) {
            diagnostics.error(at.at(), "include file name '" + FileNames.printable(name) + "' is not a file name");
            return;
        }
        if (!Files.isRegularFile(target)) {
            diagnostics.warning(at.at(), "include file '" + FileNames.printable(name) + "' not found; its lines are skipped");
            return;
        }
        if (includeStack.stream().anyMatch(p -> samePath(p, shown))) {
            diagnostics.error(at.at(), "include of '" + name + "' is circular");
            return;
        }
        if (includeStack.size() >= MAX_INCLUDE_DEPTH) {
            diagnostics.error(at.at(), "includes nested more than " + MAX_INCLUDE_DEPTH + " deep: " + chain(shown));
            return;
        }
        SourceText included;
        try {
            included = sources.read(shown);
        } catch (UserError e) {
            diagnostics.error(at.at(), "cannot read include file '" + name + "'");
            return;
        }
        includedLines += included.lines().size();
        if (includedLines > MAX_INCLUDED_LINES) {
            diagnostics.error(at.at(), "include expansion exceeds " + NumberText.count(MAX_INCLUDED_LINES)
                    + " lines (includes that include each other many times?): " + chain(shown));
            expansionStopped = true;
            return;
        }
        logicalLines(included, form, out);
    }

    /** The include chain from the file lcm was given to {@code last}: {@code t.f -> a.h -> b.h}. */
    private String chain(Path last) {
        List<String> names = new ArrayList<>();
        includeStack.descendingIterator().forEachRemaining(p -> names.add(p.toString()));
        names.add(last.toString());
        return String.join(" -> ", names);
    }

    /** A name as a message shows it: control characters (a NUL byte) as escapes. */
    private static boolean samePath(Path a, Path b) {
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    /** The include file's path, shown relative the way the including file was named. */
    private static Path relativize(Path including, String name) {
        Path parent = including.getParent();
        return parent == null ? Path.of(name) : parent.resolve(name).normalize();
    }

    // ---------------------------------------------------------------- shared pieces

    /** Accumulates the physical pieces of one logical line. */
    private static final class Pending {
        final LogicalLine.Kind kind;
        final LogicalLine.Sentinel sentinel;
        final String label;
        final SourceLocation at;
        final TextOrigin.Builder text = TextOrigin.builder();
        int lastLine;
        char quote; // open string quote carried across continuation lines, 0 if none
        boolean more; // a directive whose last line ended with &

        Pending(LogicalLine.Kind kind, LogicalLine.Sentinel sentinel, String label, SourceLocation at) {
            this.kind = kind;
            this.sentinel = sentinel;
            this.label = label;
            this.at = at;
            this.lastLine = at.line();
        }

        void append(String chunk, SourceLocation start) {
            if (!chunk.isEmpty()) {
                text.append(chunk, start);
            }
        }

        /**
         * Appends one physical line's annotation text ({@code rest}, whose first character is
         * at column {@code column} of line {@code n}, {@code at} locating columns): a leading
         * {@code &} of a continuation line is dropped, and a trailing {@code &} says the
         * annotation continues on the next annotation line (docs/annotations.md). The pieces
         * join with nothing between them, as Fortran's {@code &} ... {@code &} does.
         */
        void appendAnnotation(int n, String rest, int column, java.util.function.IntFunction<SourceLocation> at) {
            String r = rest;
            int col = column;
            if (more) {
                String st = r.stripLeading();
                if (st.startsWith("&")) {
                    col += r.length() - st.length() + 1;
                    r = st.substring(1);
                }
            }
            String code = r.stripTrailing();
            more = code.endsWith("&");
            append(more ? code.substring(0, code.length() - 1) : r, at.apply(col));
            lastLine = n;
        }

        /** Emits the logical line(s); statements are split at {@code ;} outside strings. */
        void emit(Consumer<LogicalLine> out) {
            String all = text.text();
            if (all.isBlank() && kind == LogicalLine.Kind.STATEMENT) {
                return;
            }
            TextOrigin origin = all.isEmpty() ? TextOrigin.at(at) : text.build();
            if (kind != LogicalLine.Kind.STATEMENT) {
                out.accept(new LogicalLine(kind, sentinel, all.strip(), label, firstNonBlank(all, origin), lastLine,
                        shift(all, origin)));
                return;
            }
            int start = 0;
            char q = 0;
            boolean first = true;
            for (int i = 0; i <= all.length(); i++) {
                char c = i < all.length() ? all.charAt(i) : ';';
                if (q != 0) {
                    if (c == q) {
                        q = 0;
                    }
                    continue;
                }
                if (c == '\'' || c == '"') {
                    q = c;
                } else if (c == ';') {
                    String piece = all.substring(start, Math.min(i, all.length()));
                    if (!piece.isBlank()) {
                        int lead = leadingBlanks(piece);
                        SourceLocation pieceAt = origin.locate(start + lead);
                        out.accept(new LogicalLine(kind, sentinel, piece.strip(), first ? label : "", pieceAt, lastLine,
                                TextOrigin.shifted(origin, start + lead)));
                        first = false;
                    }
                    start = i + 1;
                }
            }
        }

        private static SourceLocation firstNonBlank(String all, TextOrigin origin) {
            return origin.locate(leadingBlanks(all));
        }

        private static TextOrigin shift(String all, TextOrigin origin) {
            return TextOrigin.shifted(origin, leadingBlanks(all));
        }
    }

    static int leadingBlanks(String s) {
        int i = 0;
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    /**
     * Removes a trailing {@code !} comment outside strings. {@code quote} is the string state
     * carried in from the previous piece; returns the code and the state at its end.
     */
    static String[] stripComment(String s, char quote) {
        char q = quote;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (q != 0) {
                if (c == q) {
                    q = 0;
                }
            } else if (c == '\'' || c == '"') {
                q = c;
            } else if (c == '!') {
                return new String[] {s.substring(0, i), String.valueOf(q)};
            }
        }
        return new String[] {s, String.valueOf(q)};
    }

    static char quoteOf(String[] stripped) {
        return stripped[1].charAt(0);
    }

    /** Editors on some systems start a file with a byte order mark; it is no part of column 1. */
    private static String withoutByteOrderMark(String first) {
        return first.startsWith("\uFEFF") ? first.substring(1) : first;
    }

    private static boolean allDigits(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- fixed form

    /** Fixed form: columns 1-5 label, 6 continuation, 7-72 text; c, C, *, ! in column 1 comment. */
    private static final class FixedForm {
        private final SourceText text;
        private final int lineLength;
        private final Consumer<LogicalLine> out;
        final List<SourceLocation> cut = new ArrayList<>();
        /** Hears every cut location as it is found: a caller checks its statements before the file ends. */
        private final Consumer<SourceLocation> allCut;
        private Pending current;
        private int shift; // columns cut off the front of the line being read (an indented '!' line)

        FixedForm(SourceText text, int lineLength, Consumer<LogicalLine> out, Consumer<SourceLocation> allCut) {
            this.text = text;
            this.lineLength = lineLength;
            this.out = out;
            this.allCut = allCut;
        }

        /** Text from column {@code from + 1} to the line length; notes non-blank text cut off. */
        private String columns(int n, String line, int from) {
            return columns(n, line, from, (char) 0);
        }

        /**
         * As {@link #columns(int, String, int)}, on a line that starts inside a string quoted by
         * {@code quote} (0: none). Text past the line length that is a {@code !} comment (begun
         * there or before) is no lost code and is not noted.
         */
        private String columns(int n, String line, int from, char quote) {
            if (line.length() <= from) {
                return "";
            }
            int end = lineLength - shift;
            if (line.length() > end && !line.substring(end).isBlank()) {
                int col = end + leadingBlanks(line.substring(end));
                int comment = from + stripComment(line.substring(from), quote)[0].length();
                if (comment > col || comment == line.length()) {
                    cut.add(loc(n, col + 1));
                    allCut.accept(loc(n, col + 1));
                }
            }
            return line.substring(from, Math.max(from, Math.min(line.length(), end)));
        }

        void read() {
            List<String> lines = text.lines();
            for (int i = 0; i < lines.size(); i++) {
                line(i + 1, i == 0 ? withoutByteOrderMark(lines.get(0)) : lines.get(i));
            }
            flush();
        }

        private void flush() {
            if (current != null) {
                current.emit(out);
                current = null;
            }
        }

        private SourceLocation loc(int line, int col) {
            return new SourceLocation(text.path(), line, col + shift);
        }

        private void line(int n, String raw) {
            String line = expandTabs(raw);
            if (line.isBlank()) {
                return;
            }
            char c1 = line.charAt(0);
            if (c1 == 'c' || c1 == 'C' || c1 == '*' || c1 == '!' || c1 == 'd' || c1 == 'D' || c1 == '#') {
                commentLine(n, line);
                return;
            }
            // an indented ! starts a comment line too (but a ! in column 6 is a continuation mark)
            int lead = leadingBlanks(line);
            if (lead < line.length() && line.charAt(lead) == '!' && lead != 5) {
                shift = lead;
                commentLine(n, line.substring(lead));
                shift = 0;
                return;
            }
            String labelField = line.length() > 5 ? line.substring(0, 5) : line;
            char c6 = line.length() > 5 ? line.charAt(5) : ' ';
            boolean continuation = c6 != ' ' && c6 != '0';
            String body = columns(n, line, 6, continuation && current != null
                    && current.kind == LogicalLine.Kind.STATEMENT ? current.quote : (char) 0);
            if (continuation && current != null && current.kind == LogicalLine.Kind.STATEMENT) {
                String[] stripped = stripComment(body, current.quote);
                current.append(stripped[0], loc(n, 7));
                current.quote = quoteOf(stripped);
                current.lastLine = n;
                return;
            }
            flush();
            String label = labelField.strip();
            if (!allDigits(label)) {
                label = ""; // not a label: junk in the label field is ignored like most compilers do
            }
            String[] stripped = stripComment(body, (char) 0);
            current = new Pending(LogicalLine.Kind.STATEMENT, LogicalLine.Sentinel.NONE, label,
                    loc(n, 7 + leadingBlanks(stripped[0])));
            current.append(stripped[0], loc(n, 7));
            current.quote = quoteOf(stripped);
        }

        /** A line with a comment mark: a plain comment, a directive, or an annotation. */
        private void commentLine(int n, String line) {
            if (line.length() >= 6 && line.regionMatches(true, 1, "*ksr*", 0, 5)) {
                directive(n, line, 6, LogicalLine.Sentinel.KSR);
            } else if (line.length() >= 5 && line.regionMatches(true, 1, "$omp", 0, 4)) {
                // c$omp / *$omp / !$omp: column 6 is the continuation column
                char c6 = line.length() > 5 ? line.charAt(5) : ' ';
                if (c6 != ' ' && c6 != '0' && current != null && current.kind == LogicalLine.Kind.DIRECTIVE
                        && current.sentinel == LogicalLine.Sentinel.OMP) {
                    appendDirective(n, columns(n, line, 6), 7);
                    return;
                }
                directive(n, line, 5, LogicalLine.Sentinel.OMP);
            } else if (line.length() >= 5 && line.regionMatches(true, 1, "hpf$", 0, 4)) {
                // chpf$, !hpf$, *hpf$: column 6 is the continuation column, as for c$omp
                char c6 = line.length() > 5 ? line.charAt(5) : ' ';
                if (c6 != ' ' && c6 != '0' && current != null && current.kind == LogicalLine.Kind.DIRECTIVE
                        && current.sentinel == LogicalLine.Sentinel.HPF) {
                    appendDirective(n, columns(n, line, 6), 7);
                    return;
                }
                directive(n, line, 5, LogicalLine.Sentinel.HPF);
            } else if (line.length() >= 6 && line.regionMatches(true, 1, "*lcm*", 0, 5)) {
                annotation(n, line, 6);
            } else if (line.regionMatches(true, 0, "!lcm$", 0, 5)) {
                annotation(n, line, 5);
            }
            // any other comment line does not end a statement: continuation lines may follow it
        }

        private void directive(int n, String line, int skip, LogicalLine.Sentinel sentinel) {
            String rest = columns(n, line, skip);
            // KSR and free-style continuation: a trailing & continues on the next sentinel line
            if (current != null && current.kind == LogicalLine.Kind.DIRECTIVE && current.sentinel == sentinel
                    && current.more) {
                String cont = rest.strip().startsWith("&") ? rest.strip().substring(1) : rest;
                appendDirective(n, cont, line.length() - cont.length() + 1);
                return;
            }
            flush();
            current = new Pending(LogicalLine.Kind.DIRECTIVE, sentinel, "", loc(n, skip + 1 + leadingBlanks(rest)));
            appendDirective(n, rest, skip + 1);
        }

        private void appendDirective(int n, String rest, int column) {
            String[] stripped = stripComment(rest, (char) 0);
            String code = stripped[0].stripTrailing();
            boolean more = code.endsWith("&");
            if (more) {
                code = code.substring(0, code.length() - 1);
            }
            current.append(code + " ", loc(n, column));
            current.more = more;
            current.lastLine = n;
        }

        private void annotation(int n, String line, int skip) {
            String rest = columns(n, line, skip);
            if (current == null || current.kind != LogicalLine.Kind.ANNOTATION || !current.more) {
                flush();
                current = new Pending(LogicalLine.Kind.ANNOTATION, LogicalLine.Sentinel.LCM, "",
                        loc(n, skip + 1 + leadingBlanks(rest)));
            }
            current.appendAnnotation(n, rest, skip + 1, col -> loc(n, col));
            if (!current.more) {
                flush();
            }
        }

        /**
         * DEC tab form: a tab within the first six columns ends the label field; a digit
         * after it marks a continuation. Tabs elsewhere become one blank.
         */
        private static String expandTabs(String line) {
            int tab = line.indexOf('\t');
            if (tab < 0) {
                return line;
            }
            if (tab <= 5 && !(line.length() > 0 && "cC*!dD".indexOf(line.charAt(0)) >= 0)) {
                String label = line.substring(0, tab);
                String rest = line.substring(tab + 1);
                StringBuilder b = new StringBuilder(label);
                while (b.length() < 5) {
                    b.append(' ');
                }
                if (!rest.isEmpty() && rest.charAt(0) >= '1' && rest.charAt(0) <= '9') {
                    b.append(rest.charAt(0)).append(rest.substring(1).replace('\t', ' '));
                } else {
                    b.append(' ').append(rest.replace('\t', ' '));
                }
                return b.toString();
            }
            return line.replace('\t', ' ');
        }
    }

    // ---------------------------------------------------------------- free form

    /** Free form: {@code !} comments, {@code &} continuation, {@code !$omp} and {@code !lcm$} sentinels. */
    private static final class FreeForm {
        private final SourceText text;
        private final Consumer<LogicalLine> out;
        private Pending current;
        private boolean continues;
        /** An annotation continued with {@code &}, read apart from a statement it may stand inside. */
        private Pending annotation;

        FreeForm(SourceText text, Consumer<LogicalLine> out) {
            this.text = text;
            this.out = out;
        }

        private SourceLocation loc(int line, int col) {
            return new SourceLocation(text.path(), line, col);
        }

        void read() {
            List<String> lines = text.lines();
            for (int i = 0; i < lines.size(); i++) {
                line(i + 1, (i == 0 ? withoutByteOrderMark(lines.get(0)) : lines.get(i)).replace('\t', ' '));
            }
            flush();
        }

        private void flush() {
            endAnnotation();
            if (current != null) {
                current.emit(out);
                current = null;
            }
            continues = false;
        }

        private void endAnnotation() {
            if (annotation != null) {
                annotation.emit(out);
                annotation = null;
            }
        }

        private void line(int n, String line) {
            int lead = leadingBlanks(line);
            if (lead == line.length()) {
                return;
            }
            if (line.regionMatches(true, lead, "!$omp", 0, 5)) {
                directive(n, line, lead + 5, LogicalLine.Sentinel.OMP);
                return;
            }
            if (line.regionMatches(true, lead, "!hpf$", 0, 5)) {
                directive(n, line, lead + 5, LogicalLine.Sentinel.HPF);
                return;
            }
            if (line.regionMatches(true, lead, "!lcm$", 0, 5)) {
                if (!continues && annotation == null) {
                    flush();
                }
                String rest = line.substring(lead + 5);
                if (annotation == null) {
                    annotation = new Pending(LogicalLine.Kind.ANNOTATION, LogicalLine.Sentinel.LCM, "",
                            loc(n, lead + 6 + leadingBlanks(rest)));
                }
                annotation.appendAnnotation(n, rest, lead + 6, col -> loc(n, col));
                if (!annotation.more) {
                    endAnnotation();
                }
                return;
            }
            if (line.charAt(lead) == '!') {
                return; // a comment line; a continued statement (or annotation) continues past it
            }
            if (line.charAt(lead) == '#') {
                return; // preprocessor line
            }
            endAnnotation(); // an annotation continued with '&' and no annotation line after it ends here
            int col = lead;
            String body = line.substring(lead);
            if (continues && current != null && current.kind == LogicalLine.Kind.STATEMENT) {
                if (body.startsWith("&")) {
                    body = body.substring(1);
                    col++;
                }
                appendStatement(n, body, col);
                return;
            }
            flush();
            // a leading label
            String label = "";
            int i = 0;
            while (i < body.length() && Character.isDigit(body.charAt(i)) && i < 5) {
                i++;
            }
            if (i > 0 && (i == body.length() || body.charAt(i) == ' ')) {
                label = body.substring(0, i);
                int skip = i + leadingBlanks(body.substring(i));
                body = body.substring(skip);
                col += skip;
            }
            current = new Pending(LogicalLine.Kind.STATEMENT, LogicalLine.Sentinel.NONE, label, loc(n, col + 1));
            appendStatement(n, body, col);
        }

        private void appendStatement(int n, String body, int col) {
            String[] stripped = stripComment(body, current.quote);
            String code = stripped[0];
            current.quote = quoteOf(stripped);
            String trimmed = code.stripTrailing();
            continues = trimmed.endsWith("&");
            if (continues) {
                code = trimmed.substring(0, trimmed.length() - 1);
            }
            current.append(code, loc(n, col + 1));
            current.lastLine = n;
        }

        private void directive(int n, String line, int skip, LogicalLine.Sentinel sentinel) {
            String rest = line.substring(skip);
            if (current != null && current.kind == LogicalLine.Kind.DIRECTIVE && current.sentinel == sentinel && continues) {
                String r = rest;
                int col = skip + 1;
                String st = r.stripLeading();
                if (st.startsWith("&")) {
                    col += r.length() - st.length() + 1;
                    r = st.substring(1);
                }
                appendDirective(n, r, col);
                return;
            }
            flush();
            current = new Pending(LogicalLine.Kind.DIRECTIVE, sentinel, "",
                    loc(n, skip + 1 + leadingBlanks(rest)));
            appendDirective(n, rest, skip + 1);
        }

        private void appendDirective(int n, String rest, int col) {
            String[] stripped = stripComment(rest, (char) 0);
            String code = stripped[0].stripTrailing();
            continues = code.endsWith("&");
            if (continues) {
                code = code.substring(0, code.length() - 1);
            }
            current.append(code + " ", loc(n, col));
            current.lastLine = n;
        }
    }
}
