package lcm.fortran;

import lcm.annotation.Annotation;
import lcm.expr.Expr;
import lcm.expr.Fn;
import lcm.source.Diagnostics;
import lcm.source.SourceSpan;
import lcm.structure.AttachRule;
import lcm.structure.Attached;
import lcm.structure.BranchProbabilities;
import lcm.structure.Construct;
import lcm.structure.Declaration;
import lcm.structure.Routine;

import java.util.LinkedHashMap;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds routines of {@link Construct}s from the classified lines of one file, with a stack of
 * open blocks: DO loops (block and labelled, shared terminal labels), IF and SELECT blocks,
 * directive-delimited parallel constructs, fragment blocks. Annotations attach to the next
 * construct (docs/annotations.md); every structural mistake is reported at its place and the builder
 * carries on, so one run reports every problem.
 */
final class FortranBlockBuilder {


    private final Path file;
    private final Diagnostics diagnostics;
    private final List<Routine> routines = new ArrayList<>();
    private final List<Annotation> fileLevel = new ArrayList<>();
    private final Deque<OpenUnit> units = new ArrayDeque<>();
    private final Deque<Frame> frames = new ArrayDeque<>();
    private final AttachRule rule;
    /** The line of the annotation being read (for the block annotations, which act where they stand). */
    private LogicalLine annotationLine;
    private final AttachRule.BlockAnnotations blockAnnotations = new AttachRule.BlockAnnotations() {
        @Override
        public void sync(Annotation.Sync sync) {
            ensureUnit(annotationLine);
            add(new Construct.SyncPoint(span(annotationLine), Attached.NONE, sync));
        }

        @Override
        public void fragmentStart(Annotation.FragmentStart start, Attached before) {
            Frame f = new Frame(FrameKind.FRAGMENT, "fragment " + start.name(), annotationLine.at(), before);
            f.fragmentName = start.name();
            frames.push(f);
        }

        @Override
        public void fragmentEnd(Annotation.FragmentEnd end) {
            LogicalLine line = annotationLine;
            Frame f = frames.peek();
            if (f == null || f.kind != FrameKind.FRAGMENT) {
                if (frames.stream().noneMatch(x -> x.kind == FrameKind.FRAGMENT)) {
                    diagnostics.error(line.at(), "'end fragment' without 'fragment'");
                    return;
                }
            } else if (!end.name().isEmpty() && !end.name().equals(f.fragmentName)) {
                diagnostics.error(line.at(), "'end fragment " + end.name() + "' closes 'fragment " + f.fragmentName + "'");
            }
            close(FrameKind.FRAGMENT, "end fragment", line);
        }

        @Override
        public void structure(Annotation.Structure st) {
            structureAnnotation(st, annotationLine);
        }
    };
    /**
     * Blocks dropped after an error (an 'if' still open when a label ended its loop): their
     * closing statements, when they come, are not reported again.
     */
    private final List<FrameKind> abandoned = new ArrayList<>();
    /** A directive of this unit could not be read: unmatched directive closers are its consequence. */
    private boolean rejectedDirective;
    private Directive pendingLoop;
    private Attached pendingLoopAttached = Attached.NONE;
    private Construct.ParallelLoop lastClosedParallelLoop;
    private int interfaceDepth;
    private int typeDepth;
    private int lastLine;

    FortranBlockBuilder(Path file, Diagnostics diagnostics) {
        this.file = file;
        this.diagnostics = diagnostics;
        this.rule = new AttachRule(diagnostics);
    }

    List<Routine> routines() {
        return routines;
    }

    /** The {@code parameter} constants of the file, by lower-case name (first definition wins). */
    Map<String, Expr> constants() {
        return constants;
    }

    private final Map<String, Expr> constants = new LinkedHashMap<>();

    List<Annotation> fileLevel() {
        return fileLevel;
    }

    /** The lines of a whole file, then its end. */
    void build(List<BlockLine> lines) {
        add(lines);
        finish();
    }

    /** The next lines of the file, in order (a file may come in several parts). */
    void add(List<BlockLine> lines) {
        for (BlockLine l : lines) {
            lastLine = Math.max(lastLine, l.line().lastLine());
            if (l instanceof BlockLine.StmtLine s) {
                statement(s.stmt());
            } else if (l instanceof BlockLine.DirectiveLine d) {
                directive(d.directive());
            } else if (l instanceof BlockLine.AnnotationLine a) {
                annotation(a.annotation(), a.line());
            } else {
                rejectedDirective = true;
            }
            if (!(l instanceof BlockLine.StmtLine s && s.stmt().kind() == Stmt.Kind.DO) && !(l instanceof BlockLine.AnnotationLine)
                    && !(l instanceof BlockLine.DirectiveLine d2 && d2.directive().meaning() == Directive.Meaning.LOOP)) {
                checkPendingLoop(l);
            }
        }
    }

    /** HPF data-mapping directives of this file, skipped (one note says so). */
    private final List<Directive> hpfLayout = new ArrayList<>();

    /** The end of the file: whatever is still open is closed (or reported). */
    void finish() {
        if (!hpfLayout.isEmpty()) {
            diagnostics.warning(hpfLayout.get(0).line().at(), "HPF data-mapping directives ("
                    + String.join(", ", hpfLayout.stream().map(x -> x.name().split(" ")[0]).distinct().toList())
                    + ") say where data live, not what runs in parallel: lcm skips them (" + hpfLayout.size()
                    + (hpfLayout.size() == 1 ? " line" : " lines") + " of this file, the first here); "
                    + "'independent' loops stay parallel loops");
        }
        if (pendingLoop != null) {
            diagnostics.error(pendingLoop.line().at(), "'" + pendingLoop.shown()
                    + "' must be followed by a do loop, not by the end of the file");
            pendingLoop = null;
        }
        nothingToAttach("the end of the file");
        AttachRule.nothingToAttach(diagnostics, unitAnnotations, "the end of the file");
        unitAnnotations.clear();
        while (!units.isEmpty()) {
            OpenUnit u = units.peek();
            if (u.kind == Routine.Kind.PROGRAM && u.name.equals("main") && implicitMain) {
                closeUnit(null);
            } else {
                diagnostics.error(u.at, "missing 'end' for " + unitWord(u) + " " + u.name);
                closeUnit(null);
            }
        }
    }

    private boolean implicitMain;

    // ------------------------------------------------------------------ statements

    private void statement(Stmt s) {
        LogicalLine line = s.line();
        lastClosedParallelLoop = null;
        if (interfaceDepth > 0) {
            if (s.kind() == Stmt.Kind.INTERFACE) {
                interfaceDepth++;
            } else if (s.kind() == Stmt.Kind.END_INTERFACE) {
                interfaceDepth--;
            }
            return;
        }
        if (typeDepth > 0) {
            if (s.kind() == Stmt.Kind.END_TYPE) {
                typeDepth--;
            }
            return;
        }
        switch (s.kind()) {
            case PROGRAM -> openUnit(s.name(), Routine.Kind.PROGRAM, line);
            case SUBROUTINE, FUNCTION -> {
                openUnit(s.name(), s.kind() == Stmt.Kind.SUBROUTINE ? Routine.Kind.SUBROUTINE : Routine.Kind.FUNCTION,
                        line);
                units.peek().parameters = Dummies.of(line.text());
            }
            case MODULE, BLOCK_DATA -> openUnit(s.name(), null, line);
            case END, END_UNIT -> endUnit(line);
            case CONTAINS -> {
                nothingToAttach("'contains'" + at(line));
                OpenUnit u = currentUnit(line);
                closeFramesOfUnit("'contains'", line);
                u.contained = true;
            }
            case INTERFACE -> {
                ensureUnit(line);
                interfaceDepth = 1;
            }
            case END_INTERFACE -> diagnostics.error(line.at(), "'end interface' without 'interface'");
            case TYPE_DEF -> {
                ensureUnit(line);
                typeDepth = 1;
            }
            case END_TYPE -> diagnostics.error(line.at(), "'end type' without 'type'");
            case DECLARATION -> {
                OpenUnit u = ensureUnit(line);
                for (Declaration d : s.declarations()) {
                    u.declarations.merge(d.name(), d, Declaration::merge);
                }
            }
            case NON_EXECUTABLE -> ensureUnit(line);
            case PARAMETER -> {
                ensureUnit(line);
                for (String binding : s.parts()) {
                    int eq = binding.indexOf('=');
                    if (eq > 0) {
                        String name = StatementClassifier.lower(binding.substring(0, eq).strip());
                        FortranExpressions.expression(binding.substring(eq + 1))
                                .ifPresent(value -> constants.putIfAbsent(name, value));
                    }
                }
            }
            case DO, DO_WHILE, DO_FOREVER -> openDo(s);
            case END_DO -> endDo(s);
            case IF_THEN -> open(FrameKind.IF, "if", line);
            case ELSE_IF, ELSE -> elseBranch(line, s.kind() == Stmt.Kind.ELSE ? "else" : "else if");
            case END_IF -> close(FrameKind.IF, "end if", line);
            case SELECT -> open(FrameKind.SELECT, "select case", line);
            case CASE -> caseBranch(line);
            case END_SELECT -> close(FrameKind.SELECT, "end select", line);
            case WHERE_BLOCK -> open(FrameKind.WHERE, "where", line);
            case END_WHERE -> close(FrameKind.WHERE, "end where", line);
            case LOGICAL_IF -> simpleOrCall(s.inner().orElse(s), line);
            case CALL, ASSIGNMENT, OTHER -> simpleOrCall(s, line);
            case CONTINUE, RETURN -> ensureUnit(line);
        }
        if (!s.label().isEmpty()) {
            closeLabelledLoops(s.label(), line, s.kind());
        }
    }

    private void simpleOrCall(Stmt s, LogicalLine line) {
        ensureUnit(line);
        Attached a = takePending();
        SourceSpan span = span(line);
        if (s.kind() == Stmt.Kind.CALL) {
            add(new Construct.Call(span, a, s.name(), s.parts(),
                    s.parts().stream().map(this::argumentValue).toList()));
        } else if (s.kind() == Stmt.Kind.CONTINUE || s.kind() == Stmt.Kind.RETURN
                || s.kind() == Stmt.Kind.NON_EXECUTABLE || s.kind() == Stmt.Kind.DECLARATION) {
            if (!a.isEmpty()) {
                rule.passOn(a.annotations());
            }
        } else {
            add(new Construct.Simple(span, a));
        }
    }

    private static final Pattern REFERENCE = Pattern.compile("([a-z_][a-z0-9_]*)\\s*\\(");

    /**
     * The value an actual argument passes, if lcm can read one: a scalar expression, or an
     * array element ({@code dims(1)}, {@code m2(j)}); not an array section, and not a reference
     * {@code f(...)} to a name the unit declares as a scalar (a function). References to
     * functions of the program are told apart later, when all routines are known.
     */
    private Optional<Expr> argumentValue(String actual) {
        String text = actual.toLowerCase(Locale.ROOT);
        if (text.indexOf(':') >= 0) {
            return Optional.empty(); // an array section
        }
        Matcher m = REFERENCE.matcher(text);
        OpenUnit u = units.peek();
        while (m.find()) {
            String name = m.group(1);
            Declaration d = u == null ? null : u.declarations.get(name);
            if (d != null && d.rank() == 0 && Fn.byName(name).isEmpty() && !FortranExpressions.isConversion(name)) {
                return Optional.empty();
            }
        }
        return FortranExpressions.expression(text);
    }

    private void openDo(Stmt s) {
        LogicalLine line = s.line();
        ensureUnit(line);
        Attached a = takePending();
        Frame f = new Frame(FrameKind.DO, "do", line.at(), a);
        f.label = s.doLabel();
        f.variable = s.name();
        f.bounds = s.kind() == Stmt.Kind.DO ? s.parts() : List.of();
        if (pendingLoop != null) {
            f.loopDirective = pendingLoop;
            f.loopAttached = pendingLoopAttached;
            pendingLoop = null;
            pendingLoopAttached = Attached.NONE;
        }
        frames.push(f);
    }

    private void endDo(Stmt s) {
        LogicalLine line = s.line();
        // "10 end do" closing "do 10 i = ..." is handled by the label
        if (!s.label().isEmpty() && frames.stream().anyMatch(f -> f.kind == FrameKind.DO && f.label.equals(s.label()))) {
            return;
        }
        close(FrameKind.DO, "end do", line);
    }

    private void closeLabelledLoops(String label, LogicalLine line, Stmt.Kind kind) {
        boolean any = frames.stream().anyMatch(f -> f.kind == FrameKind.DO && f.label.equals(label));
        if (!any) {
            return;
        }
        nothingToAttach("the end of the do loop" + (kind == Stmt.Kind.CONTINUE ? "" : "'s last statement")
                + " at label " + label + " (line " + line.at().line() + ")");
        while (!frames.isEmpty() && frames.peek().kind == FrameKind.DO && frames.peek().label.equals(label)) {
            closeTop(line);
        }
        if (frames.stream().anyMatch(f -> f.kind == FrameKind.DO && f.label.equals(label))) {
            Frame inner = frames.peek();
            diagnostics.error(line.at(), "label " + label + " ends a do loop while '" + inner.shown
                    + "' (line " + inner.at.line() + ") is still open");
            while (!frames.isEmpty() && !(frames.peek().kind == FrameKind.DO && frames.peek().label.equals(label))) {
                abandoned.add(frames.peek().kind);
                closeTop(line);
            }
            while (!frames.isEmpty() && frames.peek().kind == FrameKind.DO && frames.peek().label.equals(label)) {
                closeTop(line);
            }
        }
    }

    private void elseBranch(LogicalLine line, String what) {
        List<Annotation.Probability> next = rule.takeProbabilities();
        nothingToAttach("'" + what + "'" + at(line));
        Frame f = frames.peek();
        if (f == null || f.kind != FrameKind.IF) {
            if (f != null && f.kind != FrameKind.UNIT && openInUnit(FrameKind.IF)) {
                diagnostics.error(line.at(), "'" + what + "' while '" + f.shown + "' (line " + f.at.line()
                        + ") is still open");
            } else if (!abandoned.contains(FrameKind.IF)) {
                diagnostics.error(line.at(), "'" + what + "' without 'if'");
            }
            return;
        }
        f.branches.add(f.body);
        f.body = new ArrayList<>();
        branchProbabilities(f).next();
        branchProbabilities(f).giveAll(next);
    }

    private void caseBranch(LogicalLine line) {
        List<Annotation.Probability> next = rule.takeProbabilities();
        nothingToAttach("'case'" + at(line));
        Frame f = frames.peek();
        if (f == null || f.kind != FrameKind.SELECT) {
            diagnostics.error(line.at(), "'case' without 'select case'");
            return;
        }
        if (!f.body.isEmpty() || !f.branches.isEmpty() || (f.inCase && branchProbabilities(f).hasCurrent())) {
            f.branches.add(f.body);
            branchProbabilities(f).next();
        }
        f.inCase = true;
        f.body = new ArrayList<>();
        branchProbabilities(f).giveAll(next);
    }

    /** The probabilities given to the branches of an IF or SELECT block so far. */
    private BranchProbabilities branchProbabilities(Frame f) {
        if (f.probabilities == null) {
            f.probabilities = new BranchProbabilities(diagnostics);
        }
        return f.probabilities;
    }

    /**
     * A {@code probability:} on the first line inside a branch (nothing read in the branch yet, and
     * none given to it) is that branch's, not the next construct's.
     */
    private boolean branchProbability(Annotation a) {
        Frame f = frames.peek();
        if (!(a instanceof Annotation.Probability p) || f == null
                || (f.kind != FrameKind.IF && f.kind != FrameKind.SELECT)
                || !f.body.isEmpty() || !rule.nothingWaiting() || branchProbabilities(f).hasCurrent()) {
            return false;
        }
        branchProbabilities(f).give(p);
        return true;
    }

    // ------------------------------------------------------------------ units

    private void openUnit(String name, Routine.Kind kind, LogicalLine line) {
        nothingToAttach("the start of " + name + at(line));
        Attached attached = Attached.NONE;
        OpenUnit host = units.peek();
        if (host != null && !host.contained) {
            if (host.kind == Routine.Kind.PROGRAM && host.name.equals("main") && implicitMain) {
                closeUnit(line);
            } else {
                diagnostics.error(host.at, "missing 'end' for " + unitWord(host) + " " + host.name
                        + " (a new unit starts at line " + line.at().line() + ")");
                closeUnit(line);
            }
        }
        // annotations written before the unit statement belong to the routine
        attached = new Attached(unitAnnotations);
        unitAnnotations.clear();
        units.push(new OpenUnit(name, kind, line.at(), attached));
        frames.push(units.peek().root);
        implicitMain = false;
    }

    private final List<Annotation> unitAnnotations = new ArrayList<>();

    private OpenUnit ensureUnit(LogicalLine line) {
        OpenUnit u = units.peek();
        if (u == null) {
            units.push(new OpenUnit("main", Routine.Kind.PROGRAM, line.at(), Attached.NONE));
            frames.push(units.peek().root);
            implicitMain = true;
            return units.peek();
        }
        if (u.contained) {
            diagnostics.error(line.at(), "statement after 'contains' outside any internal procedure");
        }
        return u;
    }

    /** Whether a frame of {@code kind} is open in the current unit. */
    private boolean openInUnit(FrameKind kind) {
        for (Frame f : frames) {
            if (f.kind == FrameKind.UNIT) {
                return false;
            }
            if (f.kind == kind) {
                return true;
            }
        }
        return false;
    }

    private OpenUnit currentUnit(LogicalLine line) {
        return ensureUnit(line);
    }

    private void endUnit(LogicalLine line) {
        nothingToAttach(units.isEmpty() ? "'end'" + at(line) : "the end of " + unitWord(units.peek()) + " "
                + units.peek().name);
        if (units.isEmpty()) {
            diagnostics.error(line.at(), "'end' without a program unit");
            return;
        }
        closeFramesOfUnit("the end of " + unitWord(units.peek()) + " " + units.peek().name, line);
        closeUnit(line);
    }

    private void closeFramesOfUnit(String where, LogicalLine line) {
        OpenUnit u = units.peek();
        if (u == null) {
            return;
        }
        while (!frames.isEmpty() && frames.peek() != u.root) {
            Frame f = frames.pop();
            diagnostics.error(f.at, FrameConstructs.unclosed(f, where));
        }
    }

    private void closeUnit(LogicalLine line) {
        OpenUnit u = units.peek();
        if (u == null) {
            return;
        }
        if (line != null) {
            closeFramesOfUnit("the end of " + unitWord(u) + " " + u.name, line);
        } else {
            closeFramesOfUnit("the end of the file", null);
        }
        FrameConstructs.flushTasks(u.root);
        units.pop();
        abandoned.clear();
        rejectedDirective = false;
        frames.pop();
        int end = line == null ? lastLine : line.lastLine();
        if (u.kind != null) {
            routines.add(new Routine(u.name, u.kind, new SourceSpan(u.at, Math.max(u.at.line(), end)), u.attached,
                    u.root.body, u.declarations, u.parameters));
        }
    }

    private static String unitWord(OpenUnit u) {
        if (u.kind == null) {
            return "module";
        }
        return switch (u.kind) {
            case PROGRAM -> "program";
            case SUBROUTINE -> "subroutine";
            case FUNCTION -> "function";
            case METHOD -> "method";
        };
    }

    // ------------------------------------------------------------------ directives

    private void directive(Directive d) {
        LogicalLine line = d.line();
        if (interfaceDepth > 0 || typeDepth > 0) {
            return;
        }
        switch (d.meaning()) {
            case LOOP -> {
                ensureUnit(line);
                if (pendingLoop != null) {
                    diagnostics.error(pendingLoop.line().at(), "'" + pendingLoop.shown()
                            + "' must be followed by a do loop, not by '" + d.shown() + "' (line " + line.at().line() + ")");
                }
                pendingLoop = d;
                pendingLoopAttached = takePending();
            }
            case LOOP_CLOSE -> {
                nothingToAttach("'" + d.shown() + "'" + at(line));
                if (lastClosedParallelLoop == null && !rejectedDirective) {
                    diagnostics.error(line.at(), "'" + d.shown() + "' does not follow a parallel do loop");
                }
                lastClosedParallelLoop = null;
                return;
            }
            case TILE_OPEN -> {
                ensureUnit(line);
                Frame f = new Frame(FrameKind.TILE, d.shown(), line.at(), takePending());
                f.directive = d;
                frames.push(f);
            }
            case TILE_CLOSE -> close(FrameKind.TILE, d.shown(), line);
            case SECTIONS_OPEN -> {
                ensureUnit(line);
                Frame f = new Frame(FrameKind.SECTIONS, d.shown(), line.at(), takePending());
                f.directive = d;
                f.sectionAt = line.at();
                frames.push(f);
            }
            case SECTION -> section(d);
            case SECTIONS_CLOSE -> close(FrameKind.SECTIONS, d.shown(), line);
            case REGION_OPEN -> openDirectiveBlock(FrameKind.REGION, d);
            case REGION_CLOSE -> close(FrameKind.REGION, d.shown(), line);
            case ONE_OPEN -> openDirectiveBlock(FrameKind.ONE, d);
            case ONE_CLOSE -> close(FrameKind.ONE, d.shown(), line);
            case BLOCK_OPEN -> openDirectiveBlock(FrameKind.BLOCK, d);
            case BLOCK_CLOSE -> close(FrameKind.BLOCK, d.shown(), line);
            case TASK_OPEN -> openDirectiveBlock(FrameKind.TASK, d);
            case TASK_CLOSE -> close(FrameKind.TASK, d.shown(), line);
            case TASKWAIT -> {
                nothingToAttach("'" + d.shown() + "'" + at(line));
                ensureUnit(line);
                FrameConstructs.flushTasks(frames.peek());
            }
            case BARRIER -> {
                // annotations skip a barrier, as they skip declarations: it is no node of its own
                ensureUnit(line);
                add(new Construct.Barrier(span(line), Attached.NONE));
            }
            case IGNORED -> {
                // no structure: atomic, flush, threadprivate, simd, ...; HPF's data mapping is
                // skipped with one note per file, at the first (finish())
                if (d.family() == LogicalLine.Sentinel.HPF) {
                    hpfLayout.add(d);
                }
            }
        }
        lastClosedParallelLoop = null;
    }

    private void openDirectiveBlock(FrameKind kind, Directive d) {
        ensureUnit(d.line());
        Frame f = new Frame(kind, d.shown(), d.line().at(), takePending());
        f.directive = d;
        frames.push(f);
    }

    private void section(Directive d) {
        LogicalLine line = d.line();
        Frame f = frames.peek();
        if (f == null || f.kind != FrameKind.SECTIONS) {
            if (f != null && f.kind != FrameKind.UNIT && openInUnit(FrameKind.SECTIONS)) {
                diagnostics.error(line.at(), "'" + d.shown() + "' while '" + f.shown + "' (line " + f.at.line()
                        + ") is still open");
            } else if (!rejectedDirective) {
                diagnostics.error(line.at(), "'" + d.shown() + "' outside "
                        + (d.family() == LogicalLine.Sentinel.OMP ? "'sections' or 'parallel sections'" : "'parallel sections'"));
            }
            return;
        }
        FrameConstructs.finishSection(f, line.at().line() - 1);
        f.explicitSection = true;
        f.sectionAt = line.at();
        f.sectionAttached = takePending();
    }

    private void checkPendingLoop(BlockLine next) {
        if (pendingLoop != null) {
            diagnostics.error(pendingLoop.line().at(), "'" + pendingLoop.shown() + "' must be followed by a do loop, not by "
                    + describe(next) + " (line " + next.line().at().line() + ")");
            pendingLoop = null;
            pendingLoopAttached = Attached.NONE;
        }
    }

    // ------------------------------------------------------------------ annotations

    private void annotation(Annotation a, LogicalLine line) {
        if (a.isFileLevel()) {
            fileLevel.add(a);
            return;
        }
        annotationLine = line;
        if (a instanceof Annotation.FragmentStart) {
            ensureUnit(line); // before the rule takes the waiting annotations: a unit's own join them
            takeUnitAnnotations();
        }
        if (!AttachRule.actsInPlace(a)
                && (units.isEmpty() || (units.peek().contained && frames.peek() == units.peek().root))) {
            // before a unit statement (or between internal units): attaches to the next unit
            unitAnnotations.add(a);
            return;
        }
        if (!branchProbability(a)) {
            rule.read(a, blockAnnotations);
        }
    }

    /** {@code parallel sections} / {@code section} / {@code tile(i)} written as annotations. */
    private void structureAnnotation(Annotation.Structure st, LogicalLine line) {
        Directive.Meaning m = switch (st.kind()) {
            case PARALLEL_SECTIONS -> Directive.Meaning.SECTIONS_OPEN;
            case SECTION -> Directive.Meaning.SECTION;
            case END_PARALLEL_SECTIONS -> Directive.Meaning.SECTIONS_CLOSE;
            case TILE -> Directive.Meaning.TILE_OPEN;
            case END_TILE -> Directive.Meaning.TILE_CLOSE;
        };
        directive(new Directive(LogicalLine.Sentinel.LCM, st.kind().text(), m, Map.of(), st.variable(), line));
    }

    private Attached takePending() {
        takeUnitAnnotations();
        return rule.take();
    }

    /** Annotations written before the unit statement wait, inside the unit, for its first construct. */
    private void takeUnitAnnotations() {
        if (!unitAnnotations.isEmpty() && !units.isEmpty()) {
            rule.passOn(unitAnnotations);
            unitAnnotations.clear();
        }
    }

    /**
     * Reports annotations that are waiting when a block ends or a branch starts: they attach to
     * nothing. {@code before} says what comes next ("'end do' at line 12").
     */
    private void nothingToAttach(String before) {
        rule.nothingToAttach(before);
    }

    private static String at(LogicalLine line) {
        return " at line " + line.at().line();
    }

    /** How a line reads in a message: its statement text (shortened) or its directive. */
    private static String describe(BlockLine l) {
        if (l instanceof BlockLine.DirectiveLine d) {
            return "'" + d.directive().shown() + "'";
        }
        String t = l.line().text();
        return "'" + (t.length() > 40 ? t.substring(0, 37) + "..." : t) + "'";
    }

    // ------------------------------------------------------------------ frames

    private void open(FrameKind kind, String shown, LogicalLine line) {
        ensureUnit(line);
        frames.push(new Frame(kind, shown, line.at(), takePending()));
    }

    /** Closes the innermost frame of {@code kind}; frames above it are reported as unclosed. */
    private void close(FrameKind kind, String closer, LogicalLine line) {
        nothingToAttach("'" + closer + "'" + at(line));
        Frame target = null;
        for (Frame f : frames) {
            if (f.kind == FrameKind.UNIT) {
                break;
            }
            if (f.kind == kind && (kind != FrameKind.DO || f.label.isEmpty())) {
                target = f;
                break;
            }
        }
        if (target == null) {
            boolean directiveBlock = kind != FrameKind.DO && kind != FrameKind.IF && kind != FrameKind.SELECT
                    && kind != FrameKind.WHERE && kind != FrameKind.FRAGMENT;
            if (!abandoned.remove(kind) && !(directiveBlock && rejectedDirective)) {
                diagnostics.error(line.at(), "'" + closer + "' without '" + FrameConstructs.openerWord(kind, closer) + "'");
            }
            return;
        }
        while (frames.peek() != target) {
            // an unclosed block ends here: reported, and kept so that what it holds is not lost
            Frame f = frames.peek();
            abandoned.add(f.kind);
            diagnostics.error(f.at, FrameConstructs.unclosed(f, "'" + closer + "' at line " + line.at().line()));
            closeTop(line);
        }
        closeTop(line);
    }

    private void closeTop(LogicalLine line) {
        Frame f = frames.pop();
        int end = line.lastLine();
        SourceSpan span = new SourceSpan(f.at, Math.max(f.at.line(), end));
        Construct c = switch (f.kind) {
            case DO -> FrameConstructs.loop(f, span, diagnostics);
            case IF, SELECT -> {
                BranchProbabilities given = branchProbabilities(f);
                if (!f.body.isEmpty() || f.kind == FrameKind.IF || given.hasCurrent()) {
                    f.branches.add(f.body);
                    given.next();
                }
                yield new Construct.Conditional(span, f.attached, f.branches, given.branches());
            }
            case WHERE -> new Construct.Block(span, f.attached, "where", f.body);
            case TILE -> FrameConstructs.tile(f, span, diagnostics);
            case SECTIONS -> {
                FrameConstructs.finishSection(f, end - 1);
                yield new Construct.Sections(span, f.attached, f.directive == null ? "parallel sections"
                        : f.directive.shown(), f.sections);
            }
            case REGION -> {
                FrameConstructs.flushTasks(f);
                yield new Construct.Region(span, f.attached, f.directive.shown(), f.directive.threads(), f.body);
            }
            case ONE -> {
                FrameConstructs.flushTasks(f);
                yield new Construct.OneProcessor(span, f.attached, f.directive.shown(), f.body);
            }
            case BLOCK -> {
                FrameConstructs.flushTasks(f);
                yield new Construct.Block(span, f.attached, f.directive.shown(), f.body);
            }
            case TASK -> {
                FrameConstructs.flushTasks(f);
                Frame parent = frames.peek();
                if (parent != null) {
                    if (parent.tasks.isEmpty()) {
                        parent.tasksAt = parent.body.size();
                        parent.tasksLocation = f.at;
                    }
                    parent.tasks.add(new Construct.Section(span, f.attached, f.body));
                }
                yield null;
            }
            case FRAGMENT -> {
                FrameConstructs.flushTasks(f);
                yield new Construct.FragmentBlock(span, f.attached, f.fragmentName, f.body);
            }
            case UNIT -> null;
        };
        if (c != null) {
            add(c);
        }
        lastClosedParallelLoop = c instanceof Construct.ParallelLoop pl && f.kind == FrameKind.DO ? pl : null;
    }

    private void add(Construct c) {
        Frame f = frames.peek();
        if (f == null) {
            return;
        }
        f.body.add(c);
    }

    private SourceSpan span(LogicalLine line) {
        return new SourceSpan(line.at(), Math.max(line.at().line(), line.lastLine()));
    }
}
