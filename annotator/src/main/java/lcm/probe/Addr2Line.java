package lcm.probe;

import lcm.source.UserError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Source lines of code addresses, from the binary's DWARF debug information through binutils'
 * {@code addr2line} (docs/measure.md). A binary without debug information gives "??:0".
 */
final class Addr2Line {

    /** A source position: file name as the debug information gives it, line (0 if unknown), function. */
    record Position(String file, int line, String function) {
    }

    private Addr2Line() {
    }

    /** Positions of the offsets (hex, as the OMPT tool writes them) in module. */
    static Map<String, Position> resolve(String module, List<String> offsets) {
        Map<String, Position> out = new LinkedHashMap<>();
        if (offsets.isEmpty()) {
            return out;
        }
        List<String> cmd = new ArrayList<>(List.of("addr2line", "-f", "-e", module));
        cmd.addAll(offsets);
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw UserError.of("addr2line failed on " + module + ": " + text.strip());
            }
            String[] lines = text.split("\n");
            for (int i = 0; i < offsets.size() && 2 * i + 1 < lines.length; i++) {
                String function = lines[2 * i].strip();
                String l = lines[2 * i + 1].strip();
                int d = l.indexOf(" (discriminator");
                if (d >= 0) {
                    l = l.substring(0, d);
                }
                int colon = l.lastIndexOf(':');
                int line = 0;
                try {
                    line = Integer.parseInt(l.substring(colon + 1));
                } catch (NumberFormatException e) {
                    line = 0;
                }
                out.put(offsets.get(i), new Position(colon > 0 ? l.substring(0, colon) : l, line, function));
            }
            return out;
        } catch (IOException e) {
            throw UserError.of("cannot run addr2line (install binutils): " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw UserError.of("interrupted while running addr2line");
        }
    }
}
