package lcm.bench.fuzz;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

import java.util.List;
import java.util.Map;

/**
 * Every input format lcm reads, each with its seed (resources under lcm/bench/fuzz: copies of
 * the repository's fixtures, so that the mutated inputs stay the same when a fixture changes)
 * and the command that reads it. Symbolic work is kept to the defaults a user gets.
 */
public final class FuzzFormats {

    private FuzzFormats() {
    }

    /** All formats, in a fixed order. */
    public static List<FuzzFormat> all() {
        byte[] machine = seed("seed.machine");
        return List.of(
                format("fixed", "in.f", seed("seed.f"), Map.of("fft2d.h", seed("fft2d.h")),
                        "compose", "--machine", "@machine.machine", "@in"),
                format("free", "in.f90", seed("seed.f90"), Map.of("machine.machine", machine), "compose", "@in"),
                format("java", "In.java", seed("Seed.java"), Map.of(), "compose", "@in"),
                format("annotations", "in.f", seed("annotations.f"), Map.of("machine.machine", machine),
                        "compose", "--machine", "@machine.machine", "@in"),
                format("pp", "in.pp", seed("seed.pp"), Map.of(), "fit", "-c", "li", "-v", "p", "-f", "@in", "-x",
                        "tag=cffts,n=256"),
                format("csv", "in.csv", seed("seed.csv"), Map.of(), "fit", "-c", "li", "-v", "p", "-f", "@in", "-x",
                        "n=256"),
                format("extrap", "in.txt", seed("seed.txt"), Map.of(), "fit", "-c", "time", "-v", "p", "-f", "@in",
                        "--data-format", "extrap"),
                format("lcm", "in.lcm", seed("seed.lcm"), Map.of("other.lcm", seed("other.lcm")), "compare",
                        "--symbolic-seconds", "0.5", "--fix", "n=256", "@in", "@other.lcm"),
                format("machine", "in.machine", machine, Map.of("tp.f", seed("seed.f"), "fft2d.h", seed("fft2d.h")),
                        "compose", "--machine", "@in", "@tp.f"),
                format("sync", "in.sync", seed("seed.sync"), Map.of(), "critical-path", "@in"),
                format("mpt", "in.mpt", seed("seed.mpt"), Map.of(), "critical-path", "@in"),
                format("paraver", "in.prv", seed("seed.prv"), Map.of(), "critical-path", "@in"),
                format("chrome", "in.json", seed("seed.json"), Map.of(), "critical-path", "@in"));
    }

    /** One format by name. */
    public static FuzzFormat named(String name) {
        return all().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no fuzz format " + name));
    }

    /**
     * A format whose command is {@code args}: {@code @in} is the mutated file, {@code @NAME} a
     * companion of that name in the same folder.
     */
    private static FuzzFormat format(String name, String fileName, byte[] seed, Map<String, byte[]> companions,
                                     String... args) {
        Map<String, byte[]> all = new java.util.LinkedHashMap<>(companions);
        if (List.of(args).contains("@machine.machine") && !all.containsKey("machine.machine")) {
            all.put("machine.machine", seed("seed.machine"));
        }
        return new FuzzFormat(name, fileName, seed, Map.copyOf(all), (dir, file) -> {
            List<String> out = new java.util.ArrayList<>();
            for (String a : args) {
                if (a.equals("@in")) {
                    out.add(file.toString());
                } else if (a.startsWith("@")) {
                    out.add(dir.resolve(a.substring(1)).toString());
                } else {
                    out.add(a);
                }
            }
            return out;
        });
    }

    static byte[] seed(String name) {
        try (InputStream in = FuzzFormats.class.getResourceAsStream("/lcm/bench/fuzz/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing fuzz seed " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
