package io.jvortex.internal.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Batch;
import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.Split;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.BufferPool;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.testing.Seeds;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One reader shared by 16 threads mixing full scans, filtered and projected scans, takes and split
 * scans returns exactly what one thread does (SHA-256 of the rows as JSON lines), while another thread
 * churns the shared buffer pool (filling every block it gets with garbage, so a block handed out twice
 * would show in the values); closing a reader while scans run fails them with
 * {@link IllegalStateException}, never with wrong values or a crash.
 */
class ConcurrentReaderTest {
    private static final int ROWS = 60_000;
    private static final int THREADS = 16;
    private static final DType.Struct SCHEMA = new DType.Struct(List.of("id", "qty", "price", "tag", "comment"),
            List.of(new DType.Primitive(PType.I64, false), new DType.Primitive(PType.I32, true),
                    new DType.Primitive(PType.F64, false), new DType.Utf8(false), new DType.Utf8(true)),
            false);
    private static final String[] TAGS = {"a", "b", "c", "d", "e"};
    private static final String FILTER = "qty > 20 AND tag = 'b'";

    @TempDir
    static Path dir;
    private static Path file;
    /** The workloads, each with its single-threaded digest. */
    private static List<Workload> workloads;

    /** One read and its expected digest. */
    private record Workload(String name, java.util.function.Function<VortexReader, String> read, String expected) {
    }

    @BeforeAll
    static void writeTheFileAndTheExpectedDigests() {
        SplittableRandom random = Seeds.random("ConcurrentReaderTest");
        file = dir.resolve("shared.vortex");
        // small chunks: many segments, splits and zones
        try (VortexWriter writer = VortexWriter.create(file, SCHEMA,
                WriteOptions.defaults().withChunkBytes(64 * 1024).withZoneRows(4096))) {
            for (int first = 0; first < ROWS; first += 10_000) {
                int n = 10_000;
                long[] id = new long[n];
                int[] qty = new int[n];
                boolean[] qtyNull = new boolean[n];
                double[] price = new double[n];
                String[] tag = new String[n];
                String[] comment = new String[n];
                for (int i = 0; i < n; i++) {
                    id[i] = (first + i) * 3L + random.nextInt(3);
                    qty[i] = random.nextInt(50);
                    qtyNull[i] = random.nextInt(7) == 0;
                    price[i] = random.nextInt(1_000_000) / 100.0;
                    tag[i] = TAGS[random.nextInt(TAGS.length)];
                    comment[i] = random.nextInt(9) == 0 ? null : "row " + (first + i) + " " + random.nextLong();
                }
                writer.write(Batch.builder(SCHEMA).longs("id", id).ints("qty", qty, qtyNull).doubles("price", price)
                        .strings("tag", tag).strings("comment", comment).build());
            }
        }
        List<Workload> reads = new ArrayList<>();
        reads.add(new Workload("full scan", r -> scanDigest(r, ScanOptions.all()), null));
        reads.add(new Workload("filtered scan", r -> scanDigest(r, ScanOptions.builder().filter(FILTER)
                .columns("id", "comment").build()), null));
        reads.add(new Workload("projected range", r -> scanDigest(r, ScanOptions.builder().columns("price", "tag")
                .rowRange(ROWS / 3, ROWS / 3 + 25_000).maxChunkRows(777).build()), null));
        for (int t = 0; t < 3; t++) {
            long[] rows = random.longs(500 + 300 * t, 0, ROWS).toArray();
            if (t == 1) {
                Arrays.sort(rows);
            }
            reads.add(new Workload("take " + t, r -> takeDigest(r, rows), null));
        }
        reads.add(new Workload("splits", r -> splitsDigest(r, ScanOptions.all()), null));
        reads.add(new Workload("filtered splits", r -> splitsDigest(r, ScanOptions.builder().filter(FILTER).build()),
                null));
        workloads = new ArrayList<>();
        try (VortexReader reader = VortexReader.open(file)) {
            for (Workload w : reads) {
                workloads.add(new Workload(w.name(), w.read(), w.read().apply(reader)));
            }
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    /** Adds a chunk's rows, as JSON lines, to a digest: chunk boundaries do not matter. */
    private static long digestChunk(Chunk chunk, MessageDigest digest) {
        StringWriter out = new StringWriter();
        JsonlWriter json = new JsonlWriter(out);
        json.write(chunk.rawArray());
        json.flush();
        digest.update(out.toString().getBytes(StandardCharsets.UTF_8));
        return chunk.rawArray().length();
    }

    private static long digestScan(ScanIterator scan, MessageDigest digest) {
        long rows = 0;
        while (scan.hasNext()) {
            try (Chunk chunk = scan.next()) {
                rows += digestChunk(chunk, digest);
            }
        }
        return rows;
    }

    private static String scanDigest(VortexReader reader, ScanOptions options) {
        MessageDigest digest = sha256();
        long rows;
        try (ScanIterator scan = reader.scan(options)) {
            rows = digestScan(scan, digest);
        }
        return rows + ":" + HexFormat.of().formatHex(digest.digest());
    }

    private static String takeDigest(VortexReader reader, long[] rows) {
        MessageDigest digest = sha256();
        try (Chunk chunk = reader.take(rows)) {
            return digestChunk(chunk, digest) + ":" + HexFormat.of().formatHex(digest.digest());
        }
    }

    /** Scans the reader's splits one after another on the calling thread, in order. */
    private static String splitsDigest(VortexReader reader, ScanOptions options) {
        List<Split> splits = reader.splits(96 * 1024);
        MessageDigest digest = sha256();
        List<Long> rows = reader.scanSplits(options, splits, Runnable::run, scan -> digestScan(scan, digest));
        return rows.stream().mapToLong(Long::longValue).sum() + "/" + splits.size() + ":"
                + HexFormat.of().formatHex(digest.digest());
    }

    /**
     * Takes pooled blocks of assorted sizes from the shared pool, fills them with garbage and gives
     * them back, until stopped: the pool keeps evicting and handing out recycled memory.
     */
    private static Thread churnThePool(AtomicBoolean stop, long seed) {
        Thread churn = new Thread(() -> {
            SplittableRandom random = new SplittableRandom(seed);
            while (!stop.get()) {
                try (Arena arena = BufferPool.shared().newArena()) {
                    for (int k = 0; k < 8; k++) {
                        long bytes = BufferPool.MIN_POOLED << random.nextInt(8);
                        MemorySegment block = BufferPool.allocateUninitialized(arena, bytes);
                        block.fill((byte) 0xA5);
                    }
                }
            }
        }, "pool-churn");
        churn.setDaemon(true);
        churn.start();
        return churn;
    }

    /** Runs random workloads on 16 threads until each has done {@code perThread}; returns how many ran. */
    private static int mixOnSixteenThreads(int perThread, String label) throws Exception {
        SplittableRandom seeds = Seeds.random(label);
        AtomicBoolean stop = new AtomicBoolean();
        Thread churn = churnThePool(stop, seeds.nextLong());
        AtomicInteger done = new AtomicInteger();
        try (VortexReader reader = VortexReader.open(file); ExecutorService pool = Executors.newFixedThreadPool(THREADS)) {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                SplittableRandom random = seeds.split();
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < perThread; i++) {
                        Workload w = workloads.get(random.nextInt(workloads.size()));
                        assertThat(w.read().apply(reader)).as(w.name()).isEqualTo(w.expected());
                        done.incrementAndGet();
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(10, TimeUnit.MINUTES);
            }
        } finally {
            stop.set(true);
            churn.join();
        }
        return done.get();
    }

    @Test
    void sixteenThreadsSharingOneReaderSeeWhatOneThreadSees() throws Exception {
        assertThat(mixOnSixteenThreads(3, "ConcurrentReaderTest.sixteenThreads")).isEqualTo(3 * THREADS);
    }

    @Test
    @Tag("soak") // slow; -Pfast skips it, ./test runs it
    void sixteenThreadsSharingOneReaderForLong() throws Exception {
        assertThat(mixOnSixteenThreads(40, "ConcurrentReaderTest.sixteenThreadsForLong")).isEqualTo(40 * THREADS);
    }

    @Test
    void closingTheReaderFailsRunningScansWithIllegalStateException() throws Exception {
        SplittableRandom seeds = Seeds.random("ConcurrentReaderTest.closing");
        for (int round = 0; round < 3; round++) {
            VortexReader reader = VortexReader.open(file);
            CountDownLatch started = new CountDownLatch(THREADS);
            AtomicInteger completed = new AtomicInteger();
            try (ExecutorService pool = Executors.newFixedThreadPool(THREADS)) {
                List<Future<Throwable>> futures = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    SplittableRandom random = seeds.split();
                    futures.add(pool.submit(() -> {
                        started.countDown();
                        try {
                            while (true) {
                                Workload w = workloads.get(random.nextInt(workloads.size()));
                                String got = w.read().apply(reader);
                                // a read that finished before the close is whole and right
                                assertThat(got).as(w.name()).isEqualTo(w.expected());
                                completed.incrementAndGet();
                            }
                        } catch (AssertionError e) {
                            throw e;
                        } catch (Throwable e) {
                            return e;
                        }
                    }));
                }
                started.await();
                // close once a seeded number of reads have finished: the others are in flight then
                int target = seeds.nextInt(1, THREADS);
                long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
                while (completed.get() < target && System.nanoTime() < deadline) {
                    Thread.sleep(1);
                }
                reader.close();
                for (Future<Throwable> f : futures) {
                    Throwable failure = f.get(2, TimeUnit.MINUTES);
                    if (failure instanceof java.util.concurrent.CompletionException c && c.getCause() != null) {
                        failure = c.getCause(); // scanSplits wraps the failure of a split, as documented
                    }
                    assertThat(failure).as("a read after the close").isInstanceOf(IllegalStateException.class);
                }
            }
            System.out.println("ConcurrentReaderTest: round " + round + ", " + completed.get()
                    + " reads finished before the close, " + THREADS + " failed cleanly after it");
        }
    }
}
