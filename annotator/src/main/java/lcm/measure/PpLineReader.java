package lcm.measure;

import lcm.pp.PpReader;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;

import java.nio.file.Path;
import java.util.List;

/**
 * pp lines (the thesis' Fig. 5.1, and what {@code lcm measure} writes): {@code key=value} pairs
 * in any order separated by blanks, e.g.
 * {@code tag=cffts n=256 procs=2 width=2 execs=64 pc=0.1234 li=0.0123 pc_med=0.00191}.
 * {@code tag=} (or {@code t=}) names the fragment; the keys of {@link Quantities} are measured
 * quantities, {@link Quantities#RESERVED} and {@code *_med} are neither, every other key is a
 * variable. {@code #} starts a comment; a {@code # run:} header starts a run. The lines become
 * observations as they are read, one per fragment and run ({@link PpRuns}); the format itself
 * (lines, headers, their errors) is {@code lcm.pp}'s, streamed from disk by {@link PpReader}, so
 * ten million lines take flat memory.
 */
public final class PpLineReader implements MeasurementReader {

    @Override
    public String name() {
        return "pp";
    }

    @Override
    public List<String> extensions() {
        return List.of("pp", "pplog");
    }

    @Override
    public String description() {
        return "pp lines: key=value pairs, one per fragment and run or one per execution (tag= names the fragment)";
    }

    @Override
    public MeasurementSet read(SourceText text, Diagnostics diagnostics) {
        PpRuns runs = new PpRuns(text.path());
        PpReader.read(text.path(), text.lines(), diagnostics, runs);
        return set(text.path(), runs);
    }

    /** The observations read, with the note about the points whose runs were sampled (if any). */
    static MeasurementSet set(Path file, PpRuns runs) {
        List<Measurement> observations = runs.finish();
        return new MeasurementSet(file, "pp", observations, Quantities.KEYS, runs.notes());
    }

    /** Streams {@code file} from disk; the lines of its errors are kept for the diagnostics to show. */
    @Override
    public MeasurementSet read(Path file, SourceRegistry sources, Diagnostics diagnostics) {
        PpRuns runs = new PpRuns(file);
        PpReader.read(file, sources, diagnostics, runs);
        return set(file, runs);
    }

    /**
     * {@link #read(Path, SourceRegistry, Diagnostics)}, handing every header and data line to
     * {@code alongside} as well (after this reader has taken it): another reader of the same
     * file in the same pass (the runs' headers, {@code lcm.probe.MeasuredRuns}).
     */
    MeasurementSet read(Path file, SourceRegistry sources, Diagnostics diagnostics, PpReader.Sink alongside) {
        PpRuns runs = new PpRuns(file);
        PpReader.read(file, sources, diagnostics, PpReader.Sink.both(runs, alongside));
        return set(file, runs);
    }
}
