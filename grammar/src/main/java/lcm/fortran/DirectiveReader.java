package lcm.fortran;

import lcm.antlr.AntlrParsing;
import lcm.antlr.NestingLimit;
import lcm.antlr.SyntaxErrors;
import lcm.grammar.DirectiveBaseVisitor;
import lcm.grammar.DirectiveLexer;
import lcm.grammar.DirectiveParser;
import lcm.source.Diagnostics;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.tree.ParseTree;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Parses the text of a KSR or OpenMP directive and recognizes its name (docs/fortran.md). */
final class DirectiveReader {

    private static final Set<String> OMP_IGNORED_FIRST = Set.of("atomic", "flush", "threadprivate", "simd",
            "declare", "requires", "taskyield", "cancel", "cancellation", "allocate", "scan", "depobj", "nothing",
            "error", "assume", "assumes", "tile", "unroll", "interop", "dispatch");
    private static final Set<String> OMP_BLOCKS = Set.of("critical", "ordered", "target", "teams", "taskgroup",
            "scope", "workshare", "parallel workshare", "target data", "target teams", "target parallel");

    /** OpenMP clauses that take no argument. */
    private static final Set<String> CLAUSE_WORDS = Set.of("nowait", "untied", "mergeable", "nogroup", "inbranch",
            "notinbranch", "seq_cst", "acq_rel", "release", "acquire", "relaxed", "read", "write", "update", "capture",
            "compare", "weak", "fail", "threads", "inclusive", "exclusive", "unified_address",
            "unified_shared_memory", "reverse_offload", "dynamic_allocators");

    /** The words directive names are made of, longest first, to split {@code endparalleldo}. */
    private static final List<String> NAME_WORDS = List.of("distribute", "workshare", "taskgroup", "parallel",
            "sections", "critical", "affinity", "taskloop", "section", "ordered", "single", "master", "masked",
            "region", "target", "teams", "ptile", "loop", "simd", "task", "tile", "data", "end", "for", "do");

    private DirectiveReader() {
    }

    /**
     * OpenMP allows the words of a directive name without blanks ({@code enddo},
     * {@code endparallel}, {@code paralleldo}, {@code endparalleldo}, {@code parallelsections}):
     * such a word, if it is made of two or more name words, is read as those words.
     */
    static List<String> splitGlued(String word) {
        List<String> parts = new ArrayList<>();
        return split(word, 0, parts) && parts.size() > 1 ? parts : List.of(word);
    }

    private static boolean split(String word, int from, List<String> parts) {
        if (from == word.length()) {
            return true;
        }
        for (String w : NAME_WORDS) {
            if (word.startsWith(w, from)) {
                parts.add(w);
                if (split(word, from + w.length(), parts)) {
                    return true;
                }
                parts.remove(parts.size() - 1);
            }
        }
        return false;
    }

    /**
     * The directive on {@code line}; null, with an error in {@code diagnostics}, if it is not one
     * lcm knows. A KSR tile without a loop index is reported and still read, so that its
     * {@code end tile} does not make a second error.
     */
    static Directive read(LogicalLine line, Diagnostics diagnostics) {
        int beyond = NestingLimit.firstBeyond(line.text());
        if (beyond >= 0) {
            diagnostics.error(line.origin().locate(beyond), "directive argument " + NestingLimit.MESSAGE);
            return null;
        }
        List<Item> items = items(line, diagnostics);
        if (items == null) {
            return null;
        }
        List<String> words = new ArrayList<>();
        Map<String, String> clausesFirst = new LinkedHashMap<>();
        int i = 0;
        while (i < items.size() && items.get(i).argument == null && items.get(i).word != null
                && !items.get(i).word.contains("=")) {
            words.add(items.get(i).word);
            i++;
        }
        // clauses without arguments ("end do nowait", "task untied") are not part of the name
        for (int w = words.size() - 1; w > 0; w--) {
            if (CLAUSE_WORDS.contains(words.get(w))) {
                clausesFirst.put(words.remove(w), "");
            }
        }
        String ksrTileIndex = "";
        Map<String, String> clauses = new LinkedHashMap<>(clausesFirst);
        boolean ksr = line.sentinel() == LogicalLine.Sentinel.KSR;
        if (i < items.size() && items.get(i).word != null && items.get(i).argument != null
                && (words.isEmpty() || words.equals(List.of("end"))
                || ksr && (words.equals(List.of("parallel")) || words.equals(List.of("end", "parallel"))))) {
            // tile(k, strategy=slice), parallel region(numthreads=4), critical(name):
            // the name's last word carries arguments
            words.add(items.get(i).word);
            String args = items.get(i).argument;
            ksrTileIndex = firstArgument(args);
            for (String part : FortranExpressions.splitArguments("(" + args + ")")) {
                int eq = part.indexOf('=');
                if (eq > 0) {
                    clauses.put(part.substring(0, eq).strip().toLowerCase(Locale.ROOT), part.substring(eq + 1).strip());
                }
            }
            i++;
        }
        for (; i < items.size(); i++) {
            Item it = items.get(i);
            if (it.word != null) {
                clauses.put(it.word, it.argument == null ? "" : it.argument);
            }
        }
        String name = String.join(" ", words);
        if (name.isEmpty()) {
            diagnostics.error(line.at(), "empty " + familyName(line.sentinel()) + " directive");
            return null;
        }
        Directive.Meaning meaning = switch (line.sentinel()) {
            case KSR -> ksr(name);
            case HPF -> hpf(name);
            default -> omp(name, clauses);
        };
        if (meaning == null) {
            diagnostics.error(line.at(), "unknown " + familyName(line.sentinel()) + " directive '" + name + "'");
            return null;
        }
        if (line.sentinel() == LogicalLine.Sentinel.KSR && meaning == Directive.Meaning.TILE_OPEN && ksrTileIndex.isEmpty()) {
            diagnostics.error(line.at(), "'tile' needs a loop index: tile(i, ...)");
        }
        return new Directive(line.sentinel(), name, meaning, clauses,
                meaning == Directive.Meaning.TILE_OPEN ? ksrTileIndex : "", line);
    }

    private static String familyName(LogicalLine.Sentinel s) {
        return switch (s) {
            case KSR -> "KSR";
            case HPF -> "HPF";
            default -> "OpenMP";
        };
    }

    private static String firstArgument(String args) {
        List<String> parts = FortranExpressions.splitArguments("(" + args + ")");
        // tile(strategy=slice) names no index: an option is not a loop variable
        return parts.isEmpty() || parts.get(0).contains("=") ? "" : parts.get(0).toLowerCase(Locale.ROOT);
    }

    private static Directive.Meaning ksr(String name) {
        return switch (name) {
            case "parallel sections" -> Directive.Meaning.SECTIONS_OPEN;
            case "section" -> Directive.Meaning.SECTION;
            case "end parallel sections" -> Directive.Meaning.SECTIONS_CLOSE;
            case "tile", "ptile" -> Directive.Meaning.TILE_OPEN;
            case "end tile", "endtile", "end ptile" -> Directive.Meaning.TILE_CLOSE;
            case "parallel region" -> Directive.Meaning.REGION_OPEN;
            case "end parallel region" -> Directive.Meaning.REGION_CLOSE;
            case "affinity region" -> Directive.Meaning.BLOCK_OPEN;
            case "end affinity region" -> Directive.Meaning.BLOCK_CLOSE;
            default -> null;
        };
    }

    /**
     * HPF: {@code independent} makes the next DO loop a parallel loop; the data-mapping
     * directives say where data lives, not what runs in parallel.
     */
    private static Directive.Meaning hpf(String name) {
        if (name.equals("independent")) {
            return Directive.Meaning.LOOP;
        }
        // a mapping directive names its data after its keyword: 'align with domain :: u, v',
        // 'distribute domain(*, block) onto procs', 'processors procs(4)', 'template t(n, n)'
        return HPF_LAYOUT.contains(name.split(" ")[0]) ? Directive.Meaning.IGNORED : null;
    }

    /** The first words of HPF's data-mapping directives (say where data live, not what runs in parallel). */
    static final Set<String> HPF_LAYOUT = Set.of("distribute", "align", "processors", "template", "dynamic",
            "redistribute", "realign", "inherit", "sequence", "nosequence", "no", "pure", "extrinsic", "combine",
            "shadow", "local", "subset");

    private static Directive.Meaning omp(String name, Map<String, String> clauses) {
        boolean end = name.startsWith("end ");
        String base = end ? name.substring(4) : name;
        String first = base.split(" ")[0];
        List<String> w = List.of(base.split(" "));
        boolean loop = w.contains("do") || w.contains("loop") || w.contains("taskloop") || w.contains("distribute");
        if (base.equals("parallel sections") || base.equals("sections")) {
            return end ? Directive.Meaning.SECTIONS_CLOSE : Directive.Meaning.SECTIONS_OPEN;
        }
        if (base.equals("section")) {
            return end ? null : Directive.Meaning.SECTION;
        }
        if (loop && (first.equals("parallel") || first.equals("do") || first.equals("target") || first.equals("teams")
                || first.equals("distribute") || first.equals("taskloop") || first.equals("loop"))) {
            return end ? Directive.Meaning.LOOP_CLOSE : Directive.Meaning.LOOP;
        }
        if (base.equals("parallel")) {
            return end ? Directive.Meaning.REGION_CLOSE : Directive.Meaning.REGION_OPEN;
        }
        if (base.equals("single") || base.equals("master") || base.equals("masked")) {
            return end ? Directive.Meaning.ONE_CLOSE : Directive.Meaning.ONE_OPEN;
        }
        if (base.equals("task")) {
            return end ? Directive.Meaning.TASK_CLOSE : Directive.Meaning.TASK_OPEN;
        }
        if (base.equals("taskwait") && !end) {
            return Directive.Meaning.TASKWAIT;
        }
        if (base.equals("barrier") && !end) {
            return Directive.Meaning.BARRIER;
        }
        if (base.equals("ordered") && !end && (clauses.containsKey("depend") || clauses.containsKey("doacross"))) {
            return Directive.Meaning.IGNORED;
        }
        if (OMP_BLOCKS.contains(base) || first.equals("target") || first.equals("teams") || first.equals("ordered")) {
            return end ? Directive.Meaning.BLOCK_CLOSE : Directive.Meaning.BLOCK_OPEN;
        }
        if (OMP_IGNORED_FIRST.contains(first)) {
            return Directive.Meaning.IGNORED;
        }
        return null;
    }

    private record Item(String word, String argument) {
    }

    /** The text between a call item's parentheses. */
    private static String arguments(DirectiveParser.CallItemContext c, String text) {
        int from = c.LPAREN().getSymbol().getStopIndex() + 1;
        int to = c.RPAREN().getSymbol().getStartIndex();
        return text.substring(from, to).strip();
    }

    /**
     * Words, word(args) and word=value items, lower-cased names, argument texts kept; null, with
     * a located error, when the directive's parentheses do not balance.
     */
    private static List<Item> items(LogicalLine line, Diagnostics diagnostics) {
        String text = line.text();
        SyntaxErrors errors = new SyntaxErrors();
        DirectiveParser.StandaloneDirectiveContext tree = AntlrParsing.parse(AntlrParsing.quiet(
                new DirectiveLexer(CharStreams.fromString(text))), DirectiveParser::new,
                DirectiveParser::standaloneDirective, errors);
        if (tree == null) {
            diagnostics.error(line.origin().locate(Math.max(0, errors.offset())), "bad " + familyName(line.sentinel())
                    + " directive: " + (errors.any() ? errors.message() : "input too deeply nested")
                    + " (its parentheses do not balance)");
            return null;
        }
        List<Item> out = new ArrayList<>();
        tree.accept(new Items(text, out));
        return out;
    }

    /**
     * The items of a directive's tree, in order: the directive grammar's generated visitor, one
     * method per labelled alternative of {@code item}. A parenthesized group without a word and a
     * symbol outside parentheses name nothing: they make no item.
     */
    private static final class Items extends DirectiveBaseVisitor<Void> {
        private final String text;
        private final List<Item> out;

        Items(String text, List<Item> out) {
            this.text = text;
            this.out = out;
        }

        @Override
        public Void visitCallItem(DirectiveParser.CallItemContext c) {
            List<String> parts = splitGlued(c.WORD().getText().toLowerCase(Locale.ROOT));
            for (int p = 0; p < parts.size() - 1; p++) {
                out.add(new Item(parts.get(p), null));
            }
            out.add(new Item(parts.get(parts.size() - 1), arguments(c, text)));
            return null;
        }

        @Override
        public Void visitWordItem(DirectiveParser.WordItemContext w) {
            String word = w.WORD(0).getText().toLowerCase(Locale.ROOT);
            ParseTree value = w.getChildCount() > 2 ? w.getChild(2) : null;
            if (value != null) {
                out.add(new Item(word + "=" + value.getText(), null));
            } else {
                splitGlued(word).forEach(part -> out.add(new Item(part, null)));
            }
            return null;
        }

        @Override
        public Void visitCommaItem(DirectiveParser.CommaItemContext c) {
            return null;
        }

        @Override
        public Void visitGroupItem(DirectiveParser.GroupItemContext g) {
            return null;
        }

        @Override
        public Void visitSymbolItem(DirectiveParser.SymbolItemContext s) {
            return null;
        }
    }
}
