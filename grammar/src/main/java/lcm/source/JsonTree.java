package lcm.source;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JSON document read into values that know where they start, so that a reader can report a
 * wrong value as {@code file:line:col: message} (the Extra-P JSON reader, campaign files).
 * Syntax errors are reported at the character the parser stopped at.
 */
public final class JsonTree {

    private static final JsonFactory JSON = new JsonFactory();

    private JsonTree() {
    }

    /** A JSON value with where it starts. */
    public sealed interface Value {
        SourceLocation at();
    }

    /** An object; fields in the order written (a name given twice keeps its last value). */
    public record Obj(SourceLocation at, Map<String, Value> fields) implements Value {
        public Optional<Value> field(String name) {
            return Optional.ofNullable(fields.get(name));
        }
    }

    public record Arr(SourceLocation at, List<Value> items) implements Value {
    }

    /** A number, as written. */
    public record Num(SourceLocation at, String text) implements Value {
    }

    public record Str(SourceLocation at, String text) implements Value {
    }

    /** {@code true}, {@code false} or {@code null}, as written. */
    public record Other(SourceLocation at, String text) implements Value {
    }

    /**
     * The document of {@code text}, or empty with the problem reported to {@code diagnostics}
     * (syntax, an empty file, text after the value); {@code what} names the expected document in
     * the message of an empty file ("an Extra-P JSON object").
     */
    public static Optional<Value> parse(SourceText text, String what, Diagnostics diagnostics) {
        Path path = text.path();
        try (JsonParser p = JSON.createParser(text.text())) {
            if (p.nextToken() == null) {
                diagnostics.error(SourceLocation.of(path, 1, 1), "empty file: expected " + what);
                return Optional.empty();
            }
            Value root = value(p, path);
            if (p.nextToken() != null) {
                diagnostics.error(at(path, p.currentTokenLocation()), "text after the JSON value");
                return Optional.empty();
            }
            return Optional.of(root);
        } catch (JsonProcessingException e) {
            JsonLocation l = e.getLocation();
            // the parser reports the position after the offending character
            SourceLocation where = l == null ? SourceLocation.of(path, 1, 1)
                    : SourceLocation.of(path, Math.max(1, l.getLineNr()), Math.max(1, l.getColumnNr() - 1));
            diagnostics.error(where, "bad JSON: " + e.getOriginalMessage());
            return Optional.empty();
        } catch (IOException e) {
            diagnostics.error(SourceLocation.of(path, 1, 1), "cannot read JSON: " + e.getMessage());
            return Optional.empty();
        }
    }

    private static Value value(JsonParser p, Path path) throws IOException {
        SourceLocation at = at(path, p.currentTokenLocation());
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, Value> fields = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    fields.put(name, value(p, path));
                }
                return new Obj(at, fields);
            }
            case START_ARRAY -> {
                List<Value> items = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    items.add(value(p, path));
                }
                return new Arr(at, items);
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return new Num(at, p.getText());
            }
            case VALUE_STRING -> {
                return new Str(at, p.getText());
            }
            default -> {
                return new Other(at, p.getText());
            }
        }
    }

    private static SourceLocation at(Path path, JsonLocation l) {
        return SourceLocation.of(path, Math.max(1, l.getLineNr()), Math.max(1, l.getColumnNr()));
    }
}
