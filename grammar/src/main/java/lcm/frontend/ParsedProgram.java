package lcm.frontend;

import lcm.dag.Dag;
import lcm.structure.ParsedFile;

import java.util.List;

/**
 * A program's files as the front ends parsed them and the DAG built from them: what a stage
 * that writes into the sources needs ({@code lcm annotate} places model lines by the parse tree).
 */
public record ParsedProgram(List<ParsedFile> files, Dag dag) {

    public ParsedProgram {
        files = List.copyOf(files);
    }
}
