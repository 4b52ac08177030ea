package lcm.probe.agent;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Instruments the classes compiled from the measured sources: the method that holds a fragment
 * calls {@link Probe#enter}/{@link Probe#exit}; a lambda or task method written inside a fragment
 * calls {@link Probe#taskBegin}/{@link Probe#taskEnd}; calls of parallel constructs (stream
 * terminal operations, invokeAll, parallel array operations) are bracketed by
 * {@link Probe#parallelBegin}/{@link Probe#parallelEnd}; waits (joins, future gets, locks,
 * monitors, park, barriers, latches, semaphores, Object.wait) by {@link Probe#waitBegin}/{@link Probe#waitEnd};
 * a static {@code main(String[])} calls {@link Probe#mainBegin} first (the measured region starts there).
 */
final class ProbeTransformer implements ClassFileTransformer {

    /** A fragment: its tag and where its source lines are. */
    record Site(int id, String tag, String sourceFile, int firstLine, int lastLine) {
    }

    private static final String PROBE = Type.getInternalName(Probe.class);

    private final List<Site> sites;
    private final Set<String> sourceFiles;

    ProbeTransformer(List<Site> sites) {
        this.sites = List.copyOf(sites);
        this.sourceFiles = Set.copyOf(sites.stream().map(Site::sourceFile).toList());
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
                            byte[] bytes) {
        if (className == null || !mayBeMeasured(loader, className)) {
            return null;
        }
        try {
            String[] source = new String[1];
            new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public void visitSource(String file, String debug) {
                    source[0] = file;
                }
            }, ClassReader.SKIP_CODE | ClassReader.SKIP_FRAMES);
            if (source[0] == null || !sourceFiles.contains(source[0])) {
                return null; // a class of no measured source: read no further
            }
            ClassNode node = new ClassNode();
            new ClassReader(bytes).accept(node, ClassReader.SKIP_FRAMES);
            Map<String, int[]> roles = roles(node);
            ClassReader reader = new ClassReader(bytes);
            ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
                @Override
                protected String getCommonSuperClass(String a, String b) {
                    try {
                        return super.getCommonSuperClass(a, b);
                    } catch (RuntimeException | LinkageError e) {
                        return "java/lang/Object";
                    }
                }

                @Override
                protected ClassLoader getClassLoader() {
                    return loader != null ? loader : super.getClassLoader();
                }
            };
            reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                                 String[] exceptions) {
                    MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                    int[] role = roles.getOrDefault(name + descriptor, new int[] {OTHER, -1});
                    boolean main = name.equals("main") && descriptor.equals("([Ljava/lang/String;)V")
                            && (access & Opcodes.ACC_STATIC) != 0;
                    return new ProbeMethodVisitor(mv, role[0], role[1], main);
                }
            }, ClassReader.EXPAND_FRAMES);
            return writer.toByteArray();
        } catch (Throwable t) {
            System.err.println("lcm probe: cannot instrument " + className + ": " + t);
            return null;
        }
    }

    /** The class prefixes of the JDK itself (javac's among them) and of the probe. */
    private static final List<String> NEVER_MEASURED = List.of("java/", "javax/", "jdk/", "sun/", "com/sun/",
            "lcm/probe/");

    /**
     * Whether a class may come from the measured sources, decided without reading it: not the
     * JDK's (the boot and platform loaders, and the JDK's packages on any loader) nor the probe's.
     * This test runs for every class the JVM loads: when a program runs from source
     * ({@code java Prog.java}) javac's own classes load first, thousands of them, and reading
     * each with ASM kept the JIT compiler busy compiling ASM's reader while the program warmed
     * up, so that its kernels reached main still in not fully optimized code (docs/measure.md,
     * "Overhead").
     */
    static boolean mayBeMeasured(ClassLoader loader, String className) {
        if (loader == null || loader == ClassLoader.getPlatformClassLoader()) {
            return false;
        }
        for (String prefix : NEVER_MEASURED) {
            if (className.startsWith(prefix)) {
                return false;
            }
        }
        return true;
    }

    static final int OTHER = 0;
    static final int FRAGMENT = 1;
    static final int TASK = 2;

    /** For each method (name + descriptor): its role and its site. */
    private Map<String, int[]> roles(ClassNode node) {
        Map<String, int[]> roles = new HashMap<>();
        Map<MethodNode, int[]> lines = new HashMap<>();
        for (MethodNode m : node.methods) {
            int lo = Integer.MAX_VALUE;
            int hi = -1;
            for (AbstractInsnNode insn : m.instructions) {
                if (insn instanceof LineNumberNode ln) {
                    lo = Math.min(lo, ln.line);
                    hi = Math.max(hi, ln.line);
                }
            }
            if (hi >= 0) {
                lines.put(m, new int[] {lo, hi});
            }
        }
        boolean nested = node.name.contains("$");
        for (MethodNode m : node.methods) {
            int[] r = lines.get(m);
            if (r == null || m.name.startsWith("<")) {
                continue;
            }
            if (isTask(m, nested)) {
                Site s = innermost(r[0], node.sourceFile);
                if (s != null) {
                    roles.put(m.name + m.desc, new int[] {TASK, s.id()});
                }
            }
        }
        for (Site s : sites) {
            if (!s.sourceFile().equals(node.sourceFile)) {
                continue;
            }
            MethodNode best = null;
            int bestSize = Integer.MAX_VALUE;
            for (MethodNode m : node.methods) {
                int[] r = lines.get(m);
                if (r == null || m.name.startsWith("<") || isTask(m, nested) || roles.containsKey(m.name + m.desc)) {
                    continue;
                }
                if (r[0] <= s.lastLine() && s.firstLine() <= r[1] && r[1] - r[0] < bestSize) {
                    best = m;
                    bestSize = r[1] - r[0];
                }
            }
            if (best != null) {
                roles.put(best.name + best.desc, new int[] {FRAGMENT, s.id()});
            }
        }
        return roles;
    }

    private static boolean isTask(MethodNode m, boolean nestedClass) {
        if (m.name.startsWith("lambda$")) {
            return true;
        }
        return nestedClass && Set.of("run", "call", "compute", "get", "accept", "apply").contains(m.name)
                && (m.access & Opcodes.ACC_BRIDGE) == 0;
    }

    /** The fragment with the smallest line span that holds line, or null. */
    private Site innermost(int line, String sourceFile) {
        Site best = null;
        for (Site s : sites) {
            if (s.sourceFile().equals(sourceFile) && s.firstLine() <= line && line <= s.lastLine()
                    && (best == null || s.lastLine() - s.firstLine() < best.lastLine() - best.firstLine())) {
                best = s;
            }
        }
        return best;
    }

    /** Adds the probe calls to one method. */
    private static final class ProbeMethodVisitor extends MethodVisitor {

        private final int role;
        private final int site;
        private final Label start = new Label();
        private final Label handler = new Label();

        private final boolean main;

        ProbeMethodVisitor(MethodVisitor mv, int role, int site, boolean main) {
            super(Opcodes.ASM9, mv);
            this.role = role;
            this.site = site;
            this.main = main;
        }

        @Override
        public void visitCode() {
            super.visitCode();
            if (main) {
                callProbe("mainBegin");
            }
            if (role != OTHER) {
                super.visitLdcInsn(site);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, role == FRAGMENT ? "enter" : "taskBegin", "(I)V", false);
                super.visitLabel(start);
            }
        }

        @Override
        public void visitInsn(int opcode) {
            if (role != OTHER && opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
                callProbe(role == FRAGMENT ? "exit" : "taskEnd");
            }
            if (opcode == Opcodes.MONITORENTER) {
                callProbe("waitBegin");
                super.visitInsn(opcode);
                callProbe("waitEnd");
                return;
            }
            super.visitInsn(opcode);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean itf) {
            CallKind kind = CallKind.of(owner, name, descriptor);
            if (kind == CallKind.PLAIN) {
                super.visitMethodInsn(opcode, owner, name, descriptor, itf);
                return;
            }
            callProbe(kind == CallKind.WAIT ? "waitBegin" : "parallelBegin");
            super.visitMethodInsn(opcode, owner, name, descriptor, itf);
            callProbe(kind == CallKind.WAIT ? "waitEnd" : "parallelEnd");
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            if (role != OTHER) {
                Label end = new Label();
                super.visitLabel(end);
                super.visitTryCatchBlock(start, end, handler, null);
                super.visitLabel(handler);
                callProbe(role == FRAGMENT ? "exit" : "taskEnd");
                super.visitInsn(Opcodes.ATHROW);
            }
            super.visitMaxs(maxStack, maxLocals);
        }

        private void callProbe(String method) {
            super.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, method, "()V", false);
        }
    }
}
