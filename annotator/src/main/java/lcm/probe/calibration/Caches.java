package lcm.probe.calibration;

import lcm.probe.Pinning;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The caches of processor 0 as Linux describes them in sysfs
 * ({@code /sys/devices/system/cpu/cpu0/cache/index*}: {@code level}, {@code type}, {@code size},
 * {@code shared_cpu_list}), and how large the triad's arrays must be to miss them.
 */
public record Caches(List<Cache> caches, String why) {

    /** One cache: its level, type (Data, Instruction, Unified), bytes, and the processors that share it. */
    public record Cache(int level, String type, long bytes, List<Integer> sharedBy) {
        /** The machine file's word for it: {@code l1d}, {@code l1i}, {@code l2}, {@code l3}. */
        public String word() {
            return "l" + level + switch (type) {
                case "Data" -> "d";
                case "Instruction" -> "i";
                default -> "";
            };
        }
    }

    /** The folder Linux describes processor 0's caches in. */
    public static final Path SYSFS = Path.of("/sys/devices/system/cpu/cpu0/cache");

    public Caches {
        caches = List.copyOf(caches);
    }

    /**
     * The caches described under {@code dir}, by level; none, with why, where the folder is
     * missing or unreadable.
     */
    public static Caches read(Path dir) {
        if (!Files.isDirectory(dir)) {
            return new Caches(List.of(), dir + " does not exist (not Linux, or sysfs is not mounted)");
        }
        List<Cache> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path index : s.filter(p -> p.getFileName().toString().startsWith("index")).sorted().toList()) {
                int level = Integer.parseInt(field(index, "level"));
                String type = field(index, "type");
                long bytes = bytes(field(index, "size"));
                Path shared = index.resolve("shared_cpu_list");
                List<Integer> sharedBy = Files.isReadable(shared) ? Pinning.parseList(Files.readString(shared))
                        : List.of();
                out.add(new Cache(level, type, bytes, sharedBy));
            }
        } catch (IOException | RuntimeException e) {
            return new Caches(List.of(), dir + ": cannot read the caches: " + e.getMessage());
        }
        out.sort(Comparator.comparingInt(Cache::level).thenComparing(Cache::type));
        return new Caches(out, out.isEmpty() ? dir + " lists no cache" : "");
    }

    /** sysfs's size: {@code 32K}, {@code 512K}, {@code 32768K}, {@code 8M}, or bytes. */
    static long bytes(String size) {
        String s = size.strip().toUpperCase(Locale.ROOT);
        long unit = s.endsWith("K") ? 1024L : s.endsWith("M") ? 1024L * 1024 : s.endsWith("G") ? 1024L * 1024 * 1024 : 1;
        String digits = unit == 1 ? s : s.substring(0, s.length() - 1);
        return Long.parseLong(digits) * unit;
    }

    /** The last level's bytes summed over its instances on {@code processors} processors; 0 with no cache. */
    public long lastLevelTotal(int processors) {
        Cache last = caches.stream().filter(c -> !c.type().equals("Instruction"))
                .max(Comparator.comparingInt(Cache::level)).orElse(null);
        if (last == null) {
            return 0;
        }
        int sharers = Math.max(1, last.sharedBy().size());
        return last.bytes() * ((processors + sharers - 1) / sharers);
    }

    /** The largest cache a single processor has of its own (not shared), 0 with none. */
    public long privateLargest() {
        return caches.stream().filter(c -> !c.type().equals("Instruction") && c.sharedBy().size() <= 1)
                .mapToLong(Cache::bytes).max().orElse(0);
    }

    /**
     * Elements per array of each of {@code threads} triad threads on a machine of
     * {@code processors}: all threads' arrays together 4 times the last-level caches, and each
     * thread's 4 times its private caches (STREAM's rule: each array well beyond the caches), and
     * never below 2^20 (8 MiB an array), a floor for a machine whose caches sysfs does not give.
     */
    public int triadElements(int threads, int processors) {
        long total = 4 * lastLevelTotal(processors);
        long perThread = Math.max(total / Math.max(1, threads), 4 * privateLargest());
        long elements = Math.max(1L << 20, perThread / 24);
        return (int) Math.min(elements, Integer.MAX_VALUE / 2);
    }

    private static String field(Path index, String name) throws IOException {
        return Files.readString(index.resolve(name)).strip();
    }
}
