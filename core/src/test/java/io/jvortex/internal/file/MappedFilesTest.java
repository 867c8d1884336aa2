package io.jvortex.internal.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.ReaderOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.api.internal.ApiAccess;
import io.jvortex.error.VortexException;
import io.jvortex.internal.format.TreeLimits;
import io.jvortex.testutil.SampleFiles;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files opened by path share one mapping per unchanged file, kept for its retention after the last close. */
class MappedFilesTest {
    private static final String SAMPLE = "mixed_default.vortex";
    private static final Duration LONG = Duration.ofMinutes(10);

    @TempDir
    Path dir;

    private Path sample(String name) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, SampleFiles.bytes(SAMPLE));
        return p;
    }

    private static VortexFile open(Path p, Duration retention) {
        return VortexFile.open(p, TreeLimits.DEFAULTS, retention);
    }

    /** Waits (up to 20 s) for an unmapping that the sweeper does on its own thread. */
    private static void awaitUnmapped(MemorySegment data) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (data.scope().isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(data.scope().isAlive()).as("unmapped after its retention").isFalse();
    }

    @Test
    void readersOfOneFileShareItsMappingWhileOpenAndAfterwards() throws IOException {
        Path p = sample("shared.vortex");
        MemorySegment first;
        try (VortexFile a = open(p, LONG); VortexFile b = open(p, LONG)) {
            first = a.data();
            assertThat(b.data().address()).isEqualTo(first.address());
            assertThat(b.rowCount()).isEqualTo(3000);
        }
        assertThat(first.scope().isAlive()).as("idle, within its retention").isTrue();
        try (VortexFile c = open(p, LONG)) {
            assertThat(c.data().address()).isEqualTo(first.address());
            assertThat(c.rowCount()).isEqualTo(3000);
        }
    }

    @Test
    void zeroRetentionMapsPerReaderAndUnmapsAtClose() throws IOException {
        Path p = sample("private.vortex");
        MemorySegment a;
        MemorySegment b;
        try (VortexFile fa = open(p, Duration.ZERO); VortexFile fb = open(p, Duration.ZERO)) {
            a = fa.data();
            b = fb.data();
            assertThat(a.address()).isNotEqualTo(b.address());
            assertThat(a.mismatch(b)).isEqualTo(-1);
        }
        assertThat(a.scope().isAlive()).isFalse();
        assertThat(b.scope().isAlive()).isFalse();
        assertThatThrownBy(() -> a.get(ValueLayout.JAVA_BYTE, 0)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aFileReplacedByAnotherIsMappedAnew() throws IOException {
        Path p = sample("replaced.vortex");
        MemorySegment old;
        try (VortexFile f = open(p, LONG)) {
            old = f.data();
        }
        // the same bytes under a new inode, renamed over the path: another file to the system
        Path copy = dir.resolve("copy.tmp");
        Files.copy(p, copy);
        Files.move(copy, p, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        try (VortexFile f = open(p, LONG)) {
            assertThat(f.data().address()).isNotEqualTo(old.address());
            assertThat(f.rowCount()).isEqualTo(3000);
        }
        // a different size is a different key even for the same inode
        try (RandomAccessFile raf = new RandomAccessFile(p.toFile(), "rw")) {
            raf.seek(raf.length());
            raf.write(new byte[] {1, 2, 3});
        }
        assertThatThrownBy(() -> open(p, LONG)).isInstanceOf(VortexException.class)
                .hasMessageContaining(p.toString());
    }

    @Test
    void aFileRewrittenInPlaceIsReadAsItIsNow() throws IOException {
        Path p = sample("rewritten.vortex");
        byte[] bytes = Files.readAllBytes(p);
        MemorySegment shared;
        try (VortexFile f = open(p, LONG)) {
            shared = f.data();
        }
        int at = bytes.length / 3;
        try (RandomAccessFile raf = new RandomAccessFile(p.toFile(), "rw")) {
            raf.seek(at);
            raf.write(~bytes[at]);
        }
        try (VortexFile f = open(p, LONG)) {
            assertThat(f.data().address()).isEqualTo(shared.address());
            assertThat(f.data().get(ValueLayout.JAVA_BYTE, at)).isEqualTo((byte) ~bytes[at]);
            byte[] now = f.data().toArray(ValueLayout.JAVA_BYTE);
            assertThat(Arrays.mismatch(now, Files.readAllBytes(p))).isEqualTo(-1);
        }
    }

    @Test
    void anIdleMappingIsUnmappedAfterItsRetentionEvenWhenTheFileIsGone() throws Exception {
        Path kept = sample("kept.vortex");
        Path deleted = sample("deleted.vortex");
        MemorySegment keptData;
        MemorySegment deletedData;
        try (VortexFile k = open(kept, Duration.ofMillis(50)); VortexFile d = open(deleted, Duration.ofMillis(50))) {
            keptData = k.data();
            deletedData = d.data();
        }
        Files.delete(deleted);
        awaitUnmapped(keptData);
        awaitUnmapped(deletedData);
        try (VortexFile k = open(kept, Duration.ofMillis(50))) {
            assertThat(k.rowCount()).isEqualTo(3000);
            assertThat(k.data().scope().isAlive()).isTrue();
        }
    }

    @Test
    void aShortRetentionIsNotHeldUpByALongerOneIdleBeforeIt() throws Exception {
        Path slow = sample("slow.vortex");
        Path fast = sample("fast.vortex");
        MemorySegment slowData;
        try (VortexFile s = open(slow, LONG)) {
            slowData = s.data();
        }
        MemorySegment fastData;
        try (VortexFile f = open(fast, Duration.ofMillis(20))) {
            fastData = f.data();
        }
        awaitUnmapped(fastData);
        assertThat(slowData.scope().isAlive()).isTrue();
    }

    @Test
    void theSweeperStaysWhileAMappingIsBackInUse() throws Exception {
        Path p = sample("reopened.vortex");
        MappedFiles.unmapIdle(); // other tests' idle mappings would keep any sweeper waiting for them
        try (VortexFile f = open(p, LONG)) {
            assertThat(f.rowCount()).isEqualTo(3000);
        }
        Thread sweeper = MappedFiles.sweeper();
        assertThat(sweeper).as("started by the first close").isNotNull();
        try (VortexFile f = open(p, LONG)) {
            // make it look now, while the only mapping is in use again
            LockSupport.unpark(sweeper);
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (sweeper.getState() != Thread.State.WAITING && sweeper.getState() != Thread.State.TERMINATED
                    && System.nanoTime() < deadline) {
                Thread.sleep(5);
                LockSupport.unpark(sweeper);
            }
            // it parks until a release wakes it instead of exiting, so the next close starts no thread
            assertThat(sweeper.getState()).isEqualTo(Thread.State.WAITING);
            assertThat(f.rowCount()).isEqualTo(3000);
        }
        assertThat(MappedFiles.sweeper()).isSameAs(sweeper);
        // now it waits up to a minute for the idle one; a mapping that expires sooner wakes it
        MemorySegment data;
        try (VortexFile f = open(sample("reopened-short.vortex"), Duration.ofMillis(20))) {
            data = f.data();
        }
        awaitUnmapped(data);
    }

    @Test
    void theLeastRecentlyUsedIdleMappingsGoBeyondTheCap() throws IOException {
        List<MemorySegment> mapped = new ArrayList<>();
        for (int i = 0; i <= MappedFiles.MAX_IDLE; i++) {
            try (VortexFile f = open(sample("idle" + i + ".vortex"), LONG)) {
                mapped.add(f.data());
            }
        }
        assertThat(mapped.getFirst().scope().isAlive()).as("the oldest idle mapping").isFalse();
        assertThat(mapped.getLast().scope().isAlive()).isTrue();
        assertThat(MappedFiles.sharedCount()).isLessThanOrEqualTo(MappedFiles.MAX_IDLE + 8);
    }

    @Test
    void aFileThatFailsToOpenReleasesItsMapping() throws Exception {
        Path p = dir.resolve("bad.vortex");
        byte[] bytes = SampleFiles.bytes(SAMPLE);
        bytes[bytes.length - 1] ^= 0x55; // the trailing magic
        Files.write(p, bytes);
        assertThatThrownBy(() -> open(p, Duration.ofMillis(20))).isInstanceOf(VortexException.class)
                .hasMessageContaining("bad.vortex");
        // had the failed open kept its hold, this mapping (the same one) would never become idle
        MemorySegment data;
        try (FileChannel ch = FileChannel.open(p)) {
            MappedFiles.Mapping m = MappedFiles.map(p, ch, Duration.ofMillis(20));
            data = m.data();
            m.release();
        }
        awaitUnmapped(data);
    }

    @Test
    void concurrentReadersShareOneMappingAndReadTheSameBytes() throws Exception {
        Path p = sample("concurrent.vortex");
        byte[] expected = Files.readAllBytes(p);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<long[]>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                results.add(pool.submit(() -> {
                    long[] addresses = new long[200];
                    for (int i = 0; i < addresses.length; i++) {
                        try (VortexFile f = open(p, LONG)) {
                            addresses[i] = f.data().address();
                            assertThat(f.rowCount()).isEqualTo(3000);
                            assertThat(f.data().get(ValueLayout.JAVA_BYTE, i * 7L))
                                    .isEqualTo(expected[i * 7]);
                        }
                    }
                    return addresses;
                }));
            }
            long[] all = results.stream().flatMapToLong(f -> {
                try {
                    return Arrays.stream(f.get());
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }).distinct().toArray();
            // one mapping while any reader is open; a new one only if all had closed and it was evicted
            assertThat(all).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
        try (VortexFile f = open(p, LONG)) {
            assertThat(f.data().scope().isAlive()).isTrue();
        }
    }

    @Test
    void readerOptionsChooseTheRetention() throws IOException {
        Path p = sample("options.vortex");
        ReaderOptions shared = ReaderOptions.defaults();
        ReaderOptions unshared = shared.withMappingRetention(Duration.ZERO);
        assertThat(shared.mappingRetention()).isEqualTo(ReaderOptions.DEFAULT_MAPPING_RETENTION);
        try (VortexReader a = VortexReader.open(p, shared); VortexReader b = VortexReader.open(p, shared);
             VortexReader c = VortexReader.open(p, unshared)) {
            long address = ApiAccess.file(a).data().address();
            assertThat(ApiAccess.file(b).data().address()).isEqualTo(address);
            assertThat(ApiAccess.file(c).data().address()).isNotEqualTo(address);
        }
        assertThatThrownBy(() -> shared.withMappingRetention(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mappingRetention");
    }
}
