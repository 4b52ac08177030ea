package lcm.explore;

import lcm.annotate.DiffLine;
import lcm.annotate.UnifiedDiff;
import lcm.source.AtomicOutput;
import lcm.source.SourceRegistry;
import lcm.source.UserError;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A variant's sources, where its edits are edits of directive lines (docs/explore.md): the
 * unified diff of each file it changes, and the files written into another folder.
 */
public final class VariantSources {

    private final SourceRegistry sources;
    private final DirectiveEdits edits;

    public VariantSources(SourceRegistry sources) {
        this.sources = sources;
        this.edits = new DirectiveEdits(sources);
    }

    /** The changed files' new texts, by their path; empty where the variant needs new code. */
    public Optional<Map<Path, String>> texts(Variant v) {
        return edits.edits(v).map(edited -> {
            Map<Path, String> out = new LinkedHashMap<>();
            edited.forEach((file, lines) -> {
                StringBuilder text = new StringBuilder();
                for (DiffLine d : script(file, lines)) {
                    if (d.kind() != DiffLine.Kind.REMOVED) {
                        text.append(d.text());
                    }
                }
                out.put(file, text.toString());
            });
            return out;
        });
    }

    /** The unified diff of the variant's sources against the originals; empty where the variant needs new code. */
    public Optional<String> diff(Variant v) {
        return edits.edits(v).map(edited -> {
            StringBuilder out = new StringBuilder();
            edited.forEach((file, lines) -> out.append(UnifiedDiff.of(file.toString(), script(file, lines))));
            return out.toString();
        });
    }

    /** Writes the variant's changed files into {@code folder}, never over the files they come from. */
    public List<Path> write(Variant v, Path folder) {
        Map<Path, String> texts = texts(v).orElseThrow(() -> UserError.of("variant " + v.label() + " is not a directive "
                + "edit of Fortran sources: lcm explore describes it but does not write it"));
        List<Path> written = new ArrayList<>();
        for (Map.Entry<Path, String> f : texts.entrySet()) {
            Path target = folder.resolve(f.getKey().getFileName());
            if (target.toAbsolutePath().normalize().equals(f.getKey().toAbsolutePath().normalize())
                    || Files.exists(target) && isSame(target, f.getKey())) {
                throw UserError.of("--out " + folder + ": " + target + " is the original source; write the variant "
                        + "into another folder");
            }
            AtomicOutput.file(target, tmp -> Files.writeString(tmp, f.getValue()));
            written.add(target);
        }
        return written;
    }

    private static boolean isSame(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (java.io.IOException unknown) {
            return false;
        }
    }

    /** The file's lines, each kept or removed, with the added ones before the line they go before. */
    private List<DiffLine> script(Path file, LineEdits edits) {
        List<DiffLine> out = new ArrayList<>();
        List<String> all = lines(file);
        for (int i = 0; i <= all.size(); i++) {
            edits.before(i + 1).forEach(t -> out.add(new DiffLine(DiffLine.Kind.ADDED, t)));
            if (i < all.size()) {
                out.add(new DiffLine(edits.removed().contains(i + 1) ? DiffLine.Kind.REMOVED : DiffLine.Kind.KEPT,
                        all.get(i)));
            }
        }
        return out;
    }

    /** The file's lines with their terminators. */
    private List<String> lines(Path file) {
        String text = sources.read(file).text();
        List<String> out = new ArrayList<>();
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            end = end < 0 ? text.length() : end + 1;
            out.add(text.substring(start, end));
            start = end;
        }
        return out;
    }
}
