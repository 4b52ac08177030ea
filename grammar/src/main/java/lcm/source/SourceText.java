package lcm.source;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The text of one source file split into lines (terminators removed), read once. Bytes that
 * are not valid UTF-8 are read as ISO-8859-1 so that no input can make reading fail.
 */
public record SourceText(Path path, String text, List<String> lines) {

    public SourceText {
        lines = List.copyOf(lines);
    }

    public static SourceText of(Path path, String text) {
        return new SourceText(path, text, splitLines(text));
    }

    /** Reads a file; a missing or unreadable file is a located user error at the command line. */
    public static SourceText read(Path path) {
        try {
            byte[] bytes = Files.readAllBytes(path);
            return of(path, decode(bytes));
        } catch (NoSuchFileException e) {
            throw UserError.of(path + ": no such file");
        } catch (IOException e) {
            throw UserError.of(path + ": cannot read: " + e.getMessage());
        }
    }

    public static String decode(byte[] bytes) {
        var decoder = StandardCharsets.UTF_8.newDecoder();
        try {
            return decoder.decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }

    /** Line {@code n} (1-based), or empty past the end. */
    public Optional<String> line(int n) {
        return n >= 1 && n <= lines.size() ? Optional.of(lines.get(n - 1)) : Optional.empty();
    }

    static List<String> splitLines(String text) {
        List<String> out = new ArrayList<>();
        int start = 0;
        int len = text.length();
        for (int i = 0; i < len; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                out.add(text.substring(start, i));
                if (c == '\r' && i + 1 < len && text.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        if (start < len) {
            out.add(text.substring(start));
        }
        return out;
    }
}
