package lcm.annotate;

import lcm.source.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * On any error, in any source or fragment, before or while writing, every source is left
 * byte-identical and the error is located.
 */
class AnnotatorFailureTest {

    @TempDir
    Path dir;

    /** Two programs' worth of sources: work.f (fragment work) and part.f (fragment part). */
    private Path[] twoSources(String second) {
        Path a = Sources.write(dir, "work.f", Sources.FIXED.replace("      call work\n", "      call work\n      call part\n"));
        Path b = Sources.write(dir, "part.f", second);
        return new Path[] {a, b};
    }

    private void assertUnchanged(Path[] files, byte[][] before) {
        for (int i = 0; i < files.length; i++) {
            assertArrayEquals(before[i], Sources.bytes(files[i]), files[i] + " is byte-identical");
        }
    }

    private static byte[][] snapshot(Path[] files) {
        byte[][] out = new byte[files.length][];
        for (int i = 0; i < files.length; i++) {
            out[i] = Sources.bytes(files[i]);
        }
        return out;
    }

    @Test
    void aSyntaxErrorInTheSecondSourceLeavesBothUntouched() {
        Path[] files = twoSources(Sources.PART.replace("c*ksr* tile(i)\n", "c*lcm* model: li = n*\nc*ksr* tile(i)\n"));
        byte[][] before = snapshot(files);
        Path data = Sources.write(dir, "d.pp", Sources.data("work", "part"));
        UserError e = assertThrows(UserError.class, () -> Sources.annotate(data, files));
        assertEquals(files[1] + ":3:22: bad annotation: unexpected end of line, expecting an expression", e.diagnostics().get(0).headline());
        assertUnchanged(files, before);
    }

    @Test
    void aFragmentWhoseFitFailsLeavesEverySourceUntouched() {
        Path[] files = twoSources(Sources.PART);
        byte[][] before = snapshot(files);
        Path data = Sources.write(dir, "d.pp", Sources.data("work")
                + "tag=part n=1 p=1 pc=1.7e308\ntag=part n=2 p=1 pc=1.7e308\ntag=part n=4 p=1 pc=1.7e308\ntag=part n=8 p=1 pc=1.7e308\n");
        UserError e = assertThrows(UserError.class, () -> Sources.annotate(data, files));
        String message = e.diagnostics().get(0).headline();
        assertTrue(message.startsWith(data + ":18:1: cannot fit a model of pc for fragment 'part': "), message);
        assertUnchanged(files, before);
    }

    @Test
    void aModelInABlockCommentOfSeveralLinesIsNotRewritten() {
        String java = Sources.JAVA.replace("        IntStream", "        /*@lcm input: x\n           model: pc = 1 */\n"
                + "        IntStream");
        Path src = Sources.write(dir, "Work.java", java);
        Path data = Sources.write(dir, "d.pp", Sources.data("work"));
        UserError e = assertThrows(UserError.class, () -> Sources.annotate(data, src));
        assertEquals(src + ":10:12: cannot replace this model of fragment 'work': lcm annotate replaces model lines that "
                + "hold one annotation and nothing else (//@lcm model: li = ...)", e.diagnostics().get(0).headline());
        assertEquals(java, Sources.read(src));
    }

    @Test
    void aSourceChangedAfterPlanningIsNotOverwrittenNorIsAnyOther() throws IOException {
        Path[] files = twoSources(Sources.PART);
        Path data = Sources.write(dir, "d.pp", Sources.data("work", "part"));
        AnnotationPlan plan = Sources.plan(data, files);
        Files.writeString(files[1], Sources.PART + "c edited meanwhile\n");
        byte[][] before = snapshot(files);
        UserError e = assertThrows(UserError.class, () -> Annotator.write(plan));
        assertEquals("lcm: " + files[1] + ": changed while lcm annotate ran; nothing was written",
                e.diagnostics().get(0).headline());
        assertUnchanged(files, before);
    }

    @Test
    void aDirectoryThatCannotBeWrittenLeavesEverySourceUntouched() throws IOException {
        Path ro = Files.createDirectory(dir.resolve("ro"));
        Path a = Sources.write(dir, "work.f", Sources.FIXED.replace("      call work\n", "      call work\n      call part\n"));
        Path b = Sources.write(ro, "part.f", Sources.PART);
        Path[] files = {a, b};
        Path data = Sources.write(dir, "d.pp", Sources.data("work", "part"));
        AnnotationPlan plan = Sources.plan(data, files);
        byte[][] before = snapshot(files);
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            assumeFalse(Files.isWritable(ro), "running as a user who may write anywhere (root)");
            UserError e = assertThrows(UserError.class, () -> Annotator.write(plan));
            assertEquals("lcm: " + b + ": cannot write: permission denied; nothing was written",
                    e.diagnostics().get(0).headline());
            assertUnchanged(files, before);
        } finally {
            Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void aVanishedDirectoryLeavesTheOtherSourceUntouched() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("sub"));
        Path a = Sources.write(dir, "work.f", Sources.FIXED.replace("      call work\n", "      call work\n      call part\n"));
        Path b = Sources.write(sub, "part.f", Sources.PART);
        Path data = Sources.write(dir, "d.pp", Sources.data("work", "part"));
        AnnotationPlan plan = Sources.plan(data, a, b);
        byte[] before = Sources.bytes(a);
        Files.delete(b);
        Files.delete(sub);
        UserError e = assertThrows(UserError.class, () -> Annotator.write(plan));
        assertEquals("lcm: " + b + ": cannot read: no such file or folder", e.diagnostics().get(0).headline());
        assertArrayEquals(before, Sources.bytes(a));
    }
}
