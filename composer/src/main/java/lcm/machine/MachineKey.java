package lcm.machine;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The keys of a machine description, what each means, the variables its expression may use (and
 * how a message names them), and what its value must be ({@link Value}).
 */
public enum MachineKey {
    LATENCY("latency", "seconds per data transfer", Value.TIME),
    BANDWIDTH("bandwidth", "bytes per second of a data transfer", Value.POSITIVE),
    RC("rc", "resource contention in seconds, in readers and bytes", Value.TIME, "readers and bytes", "readers", "bytes"),
    SEND("send", "seconds to send a message of b bytes, f(b)", Value.TIME, "b (the message size in bytes)", "b"),
    RECEIVE("receive", "seconds to receive a message of b bytes, g(b)", Value.TIME, "b (the message size in bytes)", "b"),
    COMPUTE("compute", "relative time of computation (the compute ratio K is compute(to) / compute(from))",
            Value.POSITIVE),
    PROCESSORS("processors", "processors of the machine", Value.COUNT),
    CACHE_L1D("cache-l1d", "bytes of a processor's level 1 data cache", Value.COUNT),
    CACHE_L1I("cache-l1i", "bytes of a processor's level 1 instruction cache", Value.COUNT),
    CACHE_L2("cache-l2", "bytes of a level 2 cache", Value.COUNT),
    CACHE_L3("cache-l3", "bytes of a level 3 cache", Value.COUNT),
    MEMORY_BANDWIDTH("memory-bandwidth", "bytes per second that busy processors move together, each sweeping a "
            + "triad a(i) = b(i) + s*c(i) (24 bytes an element)", Value.POSITIVE,
            "busy (the processors sweeping at once)", "busy"),
    LOOP_JAVA("loop-java", "seconds the Java common pool takes to start and end a parallel loop on w threads, "
            + "beyond the loop's work", Value.TIME, "w (the threads of the loop)", "w"),
    LOOP_OPENMP("loop-openmp", "seconds OpenMP (LLVM libomp) takes to start and end a worksharing loop on w "
            + "threads, beyond the loop's work", Value.TIME, "w (the threads of the loop)", "w"),
    CO_RUNNER_BANDWIDTH("co-runner-bandwidth", "bytes per second the co-runner moves alone on its processors",
            Value.POSITIVE),
    CO_RUNNER_PRESSURE("co-runner-pressure", "a one-processor triad's time beside the co-runner over its time "
            + "alone", Value.POSITIVE);

    /** What a key's value must be: a time (0 or more), a positive rate or ratio, or a positive whole count. */
    public enum Value {
        TIME, POSITIVE, COUNT
    }

    /** Where a key with variables is checked: one typical point. */
    static final java.util.Map<String, Double> TYPICAL = java.util.Map.of("readers", 2.0, "bytes", 8.0, "b", 8.0,
            "w", 2.0, "busy", 1.0);

    private final String word;
    private final String meaning;
    private final Value value;
    private final String variablesText;
    private final Set<String> variables;

    MachineKey(String word, String meaning, Value value, String variablesText, String... variables) {
        this.word = word;
        this.meaning = meaning;
        this.value = value;
        this.variablesText = variablesText;
        this.variables = Set.of(variables);
    }

    MachineKey(String word, String meaning, Value value) {
        this(word, meaning, value, "");
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

    public Value value() {
        return value;
    }

    /** The variables as a message names them: {@code w (the threads of the loop)}; empty for a number. */
    public String variablesText() {
        return variablesText;
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
