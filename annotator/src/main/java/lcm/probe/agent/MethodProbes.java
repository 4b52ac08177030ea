package lcm.probe.agent;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Adds the probe to one method (docs/measure.md, "Java: the agent"). Each instruction belongs to
 * the chain of fragments whose source lines hold its line (from the class file's line number
 * table; a whole-method fragment holds every instruction), outermost first. Every control-flow
 * edge between instructions of different chains gets the probe calls that close the fragments
 * left and open the ones entered: on a fall-through the calls stand between the two
 * instructions, a jump (break, continue, a loop's back edge, a switch case) goes through a
 * trampoline that makes them and then jumps on. A return closes the method's open fragments; an
 * exception handler cuts them back to its own chain; a handler around the whole method closes
 * them when an exception leaves it. Nothing is added on edges inside one chain, so a loop inside
 * a fragment runs without probe calls.
 */
final class MethodProbes {

    private static final String PROBE = Type.getInternalName(Probe.class);
    private static final Set<String> TASK_METHODS = Set.of("run", "call", "compute", "get", "accept", "apply");

    private final MethodNode m;
    private final int taskSite;
    private final boolean main;
    private final List<ProbeTransformer.Site> regions;
    private final List<int[]> chains = new ArrayList<>();
    private final Map<AbstractInsnNode, Integer> chainOf = new IdentityHashMap<>();
    private int base = -1;

    private MethodProbes(MethodNode m, int taskSite, boolean main, List<ProbeTransformer.Site> regions) {
        this.m = m;
        this.taskSite = taskSite;
        this.main = main;
        this.regions = regions;
        chains.add(new int[0]);
    }

    /** Whether a method runs as a task of the fragment its code is written in (a lambda, a nested class's run ...). */
    static boolean isTask(MethodNode m, boolean nestedClass) {
        if (m.name.startsWith("lambda$")) {
            return true;
        }
        return nestedClass && TASK_METHODS.contains(m.name) && (m.access & (Opcodes.ACC_BRIDGE | Opcodes.ACC_SYNTHETIC)) == 0;
    }

    /**
     * Instruments m, a method of a class compiled from sourceFile; sites are all fragments of the
     * measured sources. Returns whether anything was added.
     */
    static boolean instrument(String className, String sourceFile, MethodNode m, List<ProbeTransformer.Site> sites) {
        if (m.instructions.size() == 0) {
            return false;
        }
        int lo = Integer.MAX_VALUE;
        int hi = -1;
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof LineNumberNode ln) {
                lo = Math.min(lo, ln.line);
                hi = Math.max(hi, ln.line);
            }
        }
        boolean nestedClass = className.contains("$");
        boolean task = isTask(m, nestedClass);
        boolean constructor = m.name.startsWith("<");
        int taskSite = -1;
        List<ProbeTransformer.Site> regions = new ArrayList<>();
        if (hi >= 0) {
            ProbeTransformer.Site innermost = null;
            for (ProbeTransformer.Site s : sites) {
                if (!s.sourceFile().equals(sourceFile)) {
                    continue;
                }
                boolean contains = s.firstLine() <= lo && hi <= s.lastLine();
                boolean overlaps = s.firstLine() <= hi && lo <= s.lastLine();
                if (task && contains && (innermost == null || s.size() < innermost.size())) {
                    innermost = s;
                }
                if (constructor || (m.access & (Opcodes.ACC_BRIDGE | Opcodes.ACC_SYNTHETIC)) != 0 && !task) {
                    continue;
                }
                if (s.whole()) {
                    if (!task && contains && s.method().equals(m.name)) {
                        regions.add(s);
                    }
                } else if (overlaps && !(contains && (task || nestedClass))) {
                    regions.add(s);
                }
            }
            taskSite = innermost == null ? -1 : innermost.id();
        }
        boolean main = m.name.equals("main") && m.desc.equals("([Ljava/lang/String;)V")
                && (m.access & Opcodes.ACC_STATIC) != 0;
        // outermost first: whole methods, then larger spans
        regions.sort((a, b) -> a.whole() != b.whole() ? (a.whole() ? -1 : 1)
                : a.size() != b.size() ? Integer.compare(b.size(), a.size()) : Integer.compare(a.firstLine(), b.firstLine()));
        return new MethodProbes(m, taskSite, main, regions).apply(lo);
    }

    private boolean apply(int firstLine) {
        AbstractInsnNode[] code = m.instructions.toArray();
        int line = firstLine;
        for (AbstractInsnNode insn : code) {
            if (insn instanceof LineNumberNode ln) {
                line = ln.line;
            } else if (insn.getOpcode() >= 0) {
                chainOf.put(insn, chain(line));
            }
        }
        Map<AbstractInsnNode, CallKind> waits = waitsAndParallels(code);
        boolean framed = !regions.isEmpty() || taskSite >= 0 || main;
        if (!framed) {
            bracket(waits);
            return !waits.isEmpty();
        }
        List<TryCatchBlockNode> original = new ArrayList<>(m.tryCatchBlocks);
        if (!regions.isEmpty()) {
            base = m.maxLocals;
            m.maxLocals++;
            edges(code);
        }
        handlers(original, waits);
        returns(code);
        // last: the brackets go right around their call, inside the edges' probe calls
        bracket(waits);
        // prologue and a handler around the whole method
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        InsnList pro = new InsnList();
        if (main) {
            pro.add(call("mainBegin", "()V"));
        }
        if (taskSite >= 0) {
            pro.add(new LdcInsnNode(taskSite));
            pro.add(call("taskBegin", "(I)V"));
        }
        if (base >= 0) {
            pro.add(call("depth", "()I"));
            pro.add(new VarInsnNode(Opcodes.ISTORE, base));
            AbstractInsnNode first = original(m.instructions.getFirst());
            if (first != null) {
                pro.add(transition(chains.get(0), chains.get(chainOf.getOrDefault(first, 0))));
            }
        }
        pro.add(start);
        m.instructions.insert(pro);
        m.instructions.add(end);
        m.instructions.add(handler);
        m.instructions.add(leave(base >= 0));
        m.instructions.add(new InsnNode(Opcodes.ATHROW));
        m.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
        return true;
    }

    /** The chain of fragments holding a source line: its number in {@link #chains}. */
    private int chain(int line) {
        int[] ids = regions.stream().filter(s -> s.whole() || s.firstLine() <= line && line <= s.lastLine())
                .mapToInt(ProbeTransformer.Site::id).toArray();
        for (int i = 0; i < chains.size(); i++) {
            if (Arrays.equals(chains.get(i), ids)) {
                return i;
            }
        }
        chains.add(ids);
        return chains.size() - 1;
    }

    /** The first of the method's own instructions at or after from (probe calls already added are passed over). */
    private AbstractInsnNode original(AbstractInsnNode from) {
        AbstractInsnNode n = from;
        while (n != null && !chainOf.containsKey(n)) {
            n = n.getNext();
        }
        return n;
    }

    private int chainAt(LabelNode label) {
        AbstractInsnNode n = original(label);
        return n == null ? 0 : chainOf.get(n);
    }

    /** Probe calls on every edge between different chains. */
    private void edges(AbstractInsnNode[] code) {
        Map<LabelNode, Map<Integer, LabelNode>> trampolines = new IdentityHashMap<>();
        InsnList tail = new InsnList();
        for (AbstractInsnNode a : code) {
            Integer from = chainOf.get(a);
            if (from == null) {
                continue;
            }
            if (a instanceof JumpInsnNode j) {
                j.label = retarget(from, j.label, trampolines, tail);
            } else if (a instanceof TableSwitchInsnNode t) {
                t.dflt = retarget(from, t.dflt, trampolines, tail);
                t.labels.replaceAll(l -> retarget(from, l, trampolines, tail));
            } else if (a instanceof LookupSwitchInsnNode t) {
                t.dflt = retarget(from, t.dflt, trampolines, tail);
                t.labels.replaceAll(l -> retarget(from, l, trampolines, tail));
            }
            if (fallsThrough(a.getOpcode())) {
                AbstractInsnNode b = original(a.getNext());
                if (b != null && !chainOf.get(b).equals(from)) {
                    m.instructions.insert(a, transition(chains.get(from), chains.get(chainOf.get(b))));
                }
            }
        }
        m.instructions.add(tail);
    }

    private LabelNode retarget(int from, LabelNode target, Map<LabelNode, Map<Integer, LabelNode>> trampolines,
                               InsnList tail) {
        int to = chainAt(target);
        if (to == from) {
            return target;
        }
        return trampolines.computeIfAbsent(target, k -> new HashMap<>()).computeIfAbsent(from, k -> {
            LabelNode t = new LabelNode();
            tail.add(t);
            tail.add(transition(chains.get(from), chains.get(to)));
            tail.add(new JumpInsnNode(Opcodes.GOTO, target));
            return t;
        });
    }

    private static boolean fallsThrough(int opcode) {
        return !(opcode == Opcodes.GOTO || opcode == Opcodes.ATHROW || opcode == Opcodes.TABLESWITCH
                || opcode == Opcodes.LOOKUPSWITCH || opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN);
    }

    /** Closes the fragments of from not in to, then opens those of to not in from. */
    private static InsnList transition(int[] from, int[] to) {
        int k = 0;
        while (k < from.length && k < to.length && from[k] == to[k]) {
            k++;
        }
        InsnList l = new InsnList();
        for (int i = from.length - 1; i >= k; i--) {
            l.add(call("exit", "()V"));
        }
        for (int i = k; i < to.length; i++) {
            l.add(new LdcInsnNode(to[i]));
            l.add(call("enter", "(I)V"));
        }
        return l;
    }

    /**
     * At the start of every handler whose protected code runs in another chain than the handler:
     * the open fragments cut back to the handler's chain; where only a wait or a parallel
     * construct may have thrown, its state ended.
     */
    private void handlers(List<TryCatchBlockNode> original, Map<AbstractInsnNode, CallKind> waits) {
        Set<LabelNode> done = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (TryCatchBlockNode tcb : original) {
            if (!done.add(tcb.handler)) {
                continue;
            }
            int y = chainAt(tcb.handler);
            boolean otherChain = false;
            boolean probeCalls = false;
            for (TryCatchBlockNode same : original) {
                if (same.handler != tcb.handler) {
                    continue;
                }
                for (AbstractInsnNode n = same.start; n != null && n != same.end; n = n.getNext()) {
                    Integer c = chainOf.get(n);
                    otherChain |= c != null && c != y;
                    probeCalls |= waits.containsKey(n);
                }
            }
            InsnList at = new InsnList();
            if (otherChain && base >= 0) {
                at.add(new VarInsnNode(Opcodes.ILOAD, base));
                at.add(new LdcInsnNode(Probe.registerChain(chains.get(y))));
                at.add(call("handler", "(II)V"));
            } else if (probeCalls) {
                at.add(call("recover", "()V"));
            } else {
                continue;
            }
            AbstractInsnNode after = tcb.handler;
            while (after.getNext() != null && after.getNext().getOpcode() < 0) {
                after = after.getNext();
            }
            m.instructions.insert(after, at);
        }
    }

    /** Before each return: the method's open fragments close, a task ends, main ends. */
    private void returns(AbstractInsnNode[] code) {
        for (AbstractInsnNode a : code) {
            int op = a.getOpcode();
            if (op >= Opcodes.IRETURN && op <= Opcodes.RETURN) {
                m.instructions.insertBefore(a, leave(base >= 0 && chains.get(chainOf.getOrDefault(a, 0)).length > 0));
            }
        }
    }

    /**
     * Leaving the method, by a return or by the whole-method handler before it rethrows: the
     * open fragments close ({@code unwind}: where any can be open), a task ends, main ends.
     */
    private InsnList leave(boolean unwind) {
        InsnList l = new InsnList();
        if (unwind) {
            l.add(new VarInsnNode(Opcodes.ILOAD, base));
            l.add(call("unwind", "(I)V"));
        }
        if (taskSite >= 0) {
            l.add(call("taskEnd", "()V"));
        }
        if (main) {
            l.add(call("mainEnd", "()V"));
        }
        return l;
    }

    /** The waits (sl) and parallel constructs (Work_Exists) among the method's instructions. */
    private static Map<AbstractInsnNode, CallKind> waitsAndParallels(AbstractInsnNode[] code) {
        Map<AbstractInsnNode, CallKind> out = new IdentityHashMap<>();
        for (AbstractInsnNode a : code) {
            CallKind kind = CallKind.PLAIN;
            if (a instanceof MethodInsnNode call) {
                kind = CallKind.of(call.owner, call.name, call.desc);
            } else if (a.getOpcode() == Opcodes.MONITORENTER) {
                kind = CallKind.WAIT;
            }
            if (kind != CallKind.PLAIN) {
                out.put(a, kind);
            }
        }
        return out;
    }

    /** Brackets each wait and parallel construct with probe calls. */
    private void bracket(Map<AbstractInsnNode, CallKind> waits) {
        waits.forEach((a, kind) -> {
            boolean wait = kind == CallKind.WAIT;
            m.instructions.insertBefore(a, call(wait ? "waitBegin" : "parallelBegin", "()V"));
            m.instructions.insert(a, call(wait ? "waitEnd" : "parallelEnd", "()V"));
        });
    }

    private static MethodInsnNode call(String name, String desc) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, PROBE, name, desc, false);
    }
}
