package lcm.machine;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The keys of a machine description, what each means, and the variables its expression may use.
 */
public enum MachineKey {
    LATENCY("latency", "seconds per data transfer", Set.of()),
    BANDWIDTH("bandwidth", "bytes per second of a data transfer", Set.of()),
    RC("rc", "resource contention in seconds, in readers and bytes", Set.of("readers", "bytes")),
    SEND("send", "seconds to send a message of b bytes, f(b)", Set.of("b")),
    RECEIVE("receive", "seconds to receive a message of b bytes, g(b)", Set.of("b")),
    COMPUTE("compute", "relative time of computation (the compute ratio K is compute(to) / compute(from))", Set.of());

    private final String word;
    private final String meaning;
    private final Set<String> variables;

    MachineKey(String word, String meaning, Set<String> variables) {
        this.word = word;
        this.meaning = meaning;
        this.variables = variables;
    }

    public String word() {
        return word;
    }

    public String meaning() {
        return meaning;
    }

    public Set<String> variables() {
        return variables;
    }

    /** The key written {@code word}; {@code contention} is another name of {@code rc}. */
    public static Optional<MachineKey> of(String word) {
        if (word.equals("contention")) {
            return Optional.of(RC);
        }
        return Arrays.stream(values()).filter(k -> k.word.equals(word)).findFirst();
    }

    public static List<String> words() {
        return Arrays.stream(values()).map(MachineKey::word).toList();
    }
}
