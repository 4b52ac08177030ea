package lcm.machine;

import lcm.expr.Expr;
import lcm.source.SourceLocation;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A machine description as read from a {@code .machine} file: the keys it gives, each an
 * expression with the place it was written. Commands take the keys they need with
 * {@link #require}, which names the command and the missing keys when one is not there.
 */
public record MachineDescription(Path file, Map<MachineKey, Entry> entries) {

    /** One {@code key = expression} line. */
    public record Entry(Expr expr, SourceLocation at) {
    }

    public MachineDescription {
        entries = entries.isEmpty() ? Map.of() : new EnumMap<>(entries);
    }

    public Optional<Entry> get(MachineKey key) {
        return Optional.ofNullable(entries.get(key));
    }

    /**
     * Checks that the keys {@code needed} are all given; else an error at the file's first line
     * naming {@code command}, the keys it needs, the missing ones, and what the file has.
     */
    public MachineDescription require(String command, MachineKey... needed) {
        List<String> missing = new ArrayList<>();
        List<String> all = new ArrayList<>();
        for (MachineKey k : needed) {
            all.add(k.word());
            if (!entries.containsKey(k)) {
                missing.add(k.word() + " (" + k.meaning() + ")");
            }
        }
        if (!missing.isEmpty()) {
            List<String> has = entries.keySet().stream().map(MachineKey::word).toList();
            throw UserError.at(SourceLocation.of(file, 1, 1), command + " needs " + String.join(", ", all)
                    + " in a machine description; missing: " + String.join("; ", missing)
                    + (has.isEmpty() ? "" : " (this file gives " + String.join(", ", has) + ")"));
        }
        return this;
    }

    /** The expression of a key that {@link #require} has checked. */
    public Expr expr(MachineKey key) {
        return entries.get(key).expr();
    }
}
