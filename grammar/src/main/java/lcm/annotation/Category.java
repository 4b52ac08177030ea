package lcm.annotation;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Lost-cycle categories (docs/annotations.md): pure computation plus the thesis' KSR overheads.
 * A fragment model gives each category in processor-seconds summed over its processors.
 */
public enum Category {
    PC("pc", "pure computation"),
    LI("li", "load imbalance"),
    IP("ip", "insufficient parallelism"),
    SL("sl", "synchronization loss"),
    CL("cl", "communication loss"),
    RC("rc", "resource contention");

    private final String key;
    private final String title;

    Category(String key, String title) {
        this.key = key;
        this.title = title;
    }

    public String key() {
        return key;
    }

    public String title() {
        return title;
    }

    /** By key, case-insensitively; {@code rt} (the thesis' remaining time) is pure computation. */
    public static Optional<Category> byKey(String key) {
        if (key.equalsIgnoreCase("rt")) {
            return Optional.of(PC);
        }
        return Arrays.stream(values()).filter(c -> c.key.equalsIgnoreCase(key)).findFirst();
    }

    public static String keys() {
        return Arrays.stream(values()).map(Category::key).collect(Collectors.joining(", ")).replace("pc", "pc (or rt)");
    }
}
