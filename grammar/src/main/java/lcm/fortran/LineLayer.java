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
                FixedFormLines fixed = new FixedFormLines(pre.text(), options.lineLength(), raw,
                        c -> truncated.computeIfAbsent(c.file(), f -> new TreeMap<>()).put(c.line(), c));
                fixed.read();
                reportTruncation(text, fixed.cut);
            } else {
                new FreeFormLines(pre.text(), raw).read();
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

    // ---------------------------------------------------------------- text rules both forms share

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
    static String withoutByteOrderMark(String first) {
        return first.startsWith("\uFEFF") ? first.substring(1) : first;
    }

    static boolean allDigits(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

}
