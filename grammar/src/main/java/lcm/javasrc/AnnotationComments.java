package lcm.javasrc;

import com.github.javaparser.Position;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.comments.JavadocComment;
import com.github.javaparser.ast.comments.LineComment;
import lcm.annotation.Annotation;
import lcm.annotation.AnnotationReader;
import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Reads lcm annotations out of Java comments (docs/java-frontend.md). A comment is an annotation comment
 * when its text starts with {@code @lcm} (blanks and a Javadoc-style leading {@code *} may come
 * first): {@code //@lcm input: a[k]}, {@code /*@lcm model: li = n*p *}{@code /}. In a block
 * comment every further non-blank line is one more annotation; a line that opens a
 * {@code model: {} block continues until its braces balance. Every annotation keeps the exact
 * file, line and column of its text, so expression errors point at the right character.
 */
final class AnnotationComments {

    static final String SENTINEL = "@lcm";

    /** One line of a comment's text and where its first character sits in the file. */
    private record TextLine(String text, SourceLocation start) {
        SourceLocation at(int index) {
            return start.plusColumns(index);
        }
    }

    private final JavaPositions positions;
    private final Diagnostics diagnostics;

    AnnotationComments(JavaPositions positions, Diagnostics diagnostics) {
        this.positions = positions;
        this.diagnostics = diagnostics;
    }

    /** The annotations of all {@code comments}, in source order. Bad annotations are reported and left out. */
    List<Annotation> read(Collection<Comment> comments) {
        List<Comment> sorted = new ArrayList<>(comments);
        sorted.sort(Comparator.comparing(JavaPositions::begin));
        List<Annotation> out = new ArrayList<>();
        List<TextLine> continued = new ArrayList<>();
        for (Comment c : sorted) {
            List<TextLine> texts = texts(c);
            if (texts.isEmpty()) {
                continue;
            }
            if (c instanceof LineComment && !continued.isEmpty()) {
                // a '//@lcm' line that ends with '&' continues on the next '//@lcm' line
                continued.addAll(texts);
                texts = continued;
            } else if (!continued.isEmpty()) {
                out.addAll(annotations(continued));
            }
            continued = new ArrayList<>();
            if (c instanceof LineComment && endsWithAmpersand(texts.get(texts.size() - 1))) {
                continued.addAll(texts);
            } else {
                out.addAll(annotations(texts));
            }
        }
        if (!continued.isEmpty()) {
            out.addAll(annotations(continued));
        }
        return out;
    }

    private static boolean endsWithAmpersand(TextLine line) {
        return line.text().stripTrailing().endsWith("&");
    }

    /**
     * The annotation text lines of an annotation comment (the first without its sentinel, a block
     * comment's last without its closing stars), or none if it is no annotation comment.
     */
    private List<TextLine> texts(Comment comment) {
        List<TextLine> lines = lines(comment);
        int first = firstTextLine(lines);
        if (first < 0) {
            return List.of();
        }
        TextLine head = lines.get(first);
        int sentinel = leadingMarginEnd(head.text());
        if (!isSentinelAt(head.text(), sentinel)) {
            return List.of();
        }
        List<TextLine> texts = new ArrayList<>();
        texts.add(new TextLine(head.text().substring(sentinel + SENTINEL.length()),
                head.at(sentinel + SENTINEL.length())));
        for (int i = first + 1; i < lines.size(); i++) {
            TextLine l = lines.get(i);
            int from = leadingMarginEnd(l.text());
            texts.add(new TextLine(l.text().substring(from), l.at(from)));
        }
        if (!(comment instanceof LineComment)) {
            TextLine last = texts.get(texts.size() - 1);
            texts.set(texts.size() - 1, new TextLine(stripTrailingStars(last.text()), last.start()));
        }
        if (texts.stream().allMatch(t -> t.text().isBlank())) {
            diagnostics.error(head.at(sentinel), "empty annotation");
            return List.of();
        }
        return texts;
    }

    /**
     * The annotations of {@code texts}: one per non-blank line, a line that opens a {@code model: {}
     * block joined with the lines up to its closing brace, a line that ends with {@code &} joined
     * with the next (its leading {@code &} dropped, nothing between them).
     */
    private List<Annotation> annotations(List<TextLine> texts) {
        List<Annotation> out = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            if (texts.get(i).text().isBlank()) {
                continue;
            }
            TextOrigin.Builder stitched = TextOrigin.builder();
            int depth = append(stitched, texts.get(i), false);
            while ((depth > 0 || endsWithAmpersand(texts.get(i))) && i + 1 < texts.size()) {
                boolean continued = endsWithAmpersand(texts.get(i));
                i++;
                if (!continued) {
                    stitched.appendSynthetic(" ");
                }
                depth += append(stitched, texts.get(i), continued);
            }
            if (stitched.text().isEmpty()) {
                continue;
            }
            Parsed<Annotation> parsed = AnnotationReader.annotation(stitched.text(), stitched.build());
            diagnostics.addAll(parsed.problems());
            parsed.value().ifPresent(out::add);
        }
        return out;
    }

    /**
     * Appends a line's text (without its surrounding blanks, a trailing {@code &}, and, on a
     * continuation line, a leading {@code &}) and returns its brace balance.
     */
    private static int append(TextOrigin.Builder stitched, TextLine line, boolean continuation) {
        String t = line.text();
        int from = 0;
        while (from < t.length() && Character.isWhitespace(t.charAt(from))) {
            from++;
        }
        if (continuation && from < t.length() && t.charAt(from) == '&') {
            from++;
        }
        String chunk = t.substring(from).stripTrailing();
        if (chunk.endsWith("&")) {
            chunk = chunk.substring(0, chunk.length() - 1);
        }
        if (chunk.isEmpty()) {
            return 0;
        }
        stitched.append(chunk, line.at(from));
        int depth = 0;
        for (int i = 0; i < chunk.length(); i++) {
            char c = chunk.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth--;
            }
        }
        return depth;
    }

    /** The comment's text split into lines, each with the location of its first character. */
    private List<TextLine> lines(Comment comment) {
        Position begin = JavaPositions.begin(comment);
        int opener = comment instanceof JavadocComment ? 3 : 2;
        String content = comment.getContent();
        List<TextLine> out = new ArrayList<>();
        int line = begin.line;
        int start = 0;
        for (int i = 0; i <= content.length(); i++) {
            boolean end = i == content.length();
            char c = end ? '\n' : content.charAt(i);
            if (c == '\n' || c == '\r') {
                int column = line == begin.line ? begin.column + opener : 1;
                out.add(new TextLine(content.substring(start, i), positions.location(new Position(line, column))));
                if (c == '\r' && i + 1 < content.length() && content.charAt(i + 1) == '\n') {
                    i++;
                }
                line++;
                start = i + 1;
            }
        }
        return out;
    }

    private static int firstTextLine(List<TextLine> lines) {
        for (int i = 0; i < lines.size(); i++) {
            String t = lines.get(i).text();
            if (leadingMarginEnd(t) < t.length()) {
                return i;
            }
        }
        return -1;
    }

    /** The index after the blanks and Javadoc-style stars that may start a comment line. */
    private static int leadingMarginEnd(String t) {
        int i = 0;
        while (i < t.length() && (Character.isWhitespace(t.charAt(i)) || t.charAt(i) == '*')) {
            i++;
        }
        return i;
    }

    private static boolean isSentinelAt(String t, int at) {
        if (!t.startsWith(SENTINEL, at)) {
            return false;
        }
        int after = at + SENTINEL.length();
        return after == t.length() || Character.isWhitespace(t.charAt(after));
    }

    private static String stripTrailingStars(String t) {
        int end = t.length();
        while (end > 0 && (t.charAt(end - 1) == '*' || Character.isWhitespace(t.charAt(end - 1)))) {
            end--;
        }
        return t.substring(0, end);
    }
}
