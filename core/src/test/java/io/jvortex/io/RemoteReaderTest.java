package io.jvortex.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Batch;
import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.Split;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.api.internal.ApiAccess;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.error.VortexException;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.internal.layout.Layout;
import io.jvortex.testing.Seeds;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The reader over HTTP (loopback {@link RangeServer}, {@link FaultProxy}): every API reads the same
 * values as the memory-mapped file, and the I/O is planned — open in one request, scans fetch only the
 * projected columns of unpruned chunks, take only the pieces holding its rows.
 */
@Timeout(120)
class RemoteReaderTest {
    static final DType.Struct SCHEMA = new DType.Struct(
            List.of("id", "a", "b", "c", "d", "x", "s", "tag"),
            List.of(new DType.Primitive(PType.I64, false), new DType.Primitive(PType.I64, false),
                    new DType.Primitive(PType.I64, false), new DType.Primitive(PType.I64, false),
                    new DType.Primitive(PType.I64, false), new DType.Primitive(PType.F64, true),
                    new DType.Utf8(true), new DType.Utf8(false)),
            false);
    static final int ROWS = 300_000;
    static final IoOptions FAST = IoOptions.defaults()
            .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(2))
            .withRetries(4, Duration.ofMillis(1), Duration.ofMillis(20));

    static Path dir;
    static Path path;
    static byte[] bytes;
    static RangeServer server;

    @BeforeAll
    static void write() throws IOException {
        dir = Files.createTempDirectory("jvortex-remote");
        path = dir.resolve("t.vortex");
        bytes = writeFile(path, Seeds.random("RemoteReaderTest"));
        server = new RangeServer(bytes);
    }

    @AfterAll
    static void stop() throws IOException {
        if (server != null) {
            server.close();
        }
        Files.deleteIfExists(path);
        Files.deleteIfExists(dir);
    }

    /** Sorted ids, random integers, nullable doubles, a dictionary string column with nulls, more than one chunk. */
    static byte[] writeFile(Path file, SplittableRandom random) throws IOException {
        long[] id = new long[ROWS];
        long[][] ints = new long[4][ROWS];
        double[] x = new double[ROWS];
        boolean[] xNull = new boolean[ROWS];
        String[] s = new String[ROWS];
        String[] tag = new String[ROWS];
        for (int i = 0; i < ROWS; i++) {
            id[i] = 3L * i + random.nextInt(3);
            for (long[] col : ints) {
                col[i] = random.nextLong();
            }
            x[i] = random.nextDouble() * 1e6;
            xNull[i] = random.nextInt(7) == 0;
            s[i] = random.nextInt(11) == 0 ? null : "city-" + random.nextInt(40);
            tag[i] = String.format(Locale.ROOT, "T%05d", random.nextInt(100_000));
        }
        try (VortexWriter writer = VortexWriter.create(file, SCHEMA,
                WriteOptions.defaults().withChunkBytes(16 << 10).withZoneRows(2048))) {
            int step = 50_000;
            for (int from = 0; from < ROWS; from += step) {
                int to = Math.min(ROWS, from + step);
                writer.write(Batch.builder(SCHEMA)
                        .longs("id", java.util.Arrays.copyOfRange(id, from, to))
                        .longs("a", java.util.Arrays.copyOfRange(ints[0], from, to))
                        .longs("b", java.util.Arrays.copyOfRange(ints[1], from, to))
                        .longs("c", java.util.Arrays.copyOfRange(ints[2], from, to))
                        .longs("d", java.util.Arrays.copyOfRange(ints[3], from, to))
                        .doubles("x", java.util.Arrays.copyOfRange(x, from, to),
                                java.util.Arrays.copyOfRange(xNull, from, to))
                        .strings("s", java.util.Arrays.copyOfRange(s, from, to))
                        .strings("tag", java.util.Arrays.copyOfRange(tag, from, to))
                        .build());
            }
        }
        return Files.readAllBytes(file);
    }

    static String jsonl(ScanIterator scan) {
        StringWriter out = new StringWriter();
        JsonlWriter w = new JsonlWriter(out);
        try (scan) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    w.write(chunk.rawArray());
                }
            }
        }
        w.flush();
        return out.toString();
    }

    static String jsonl(Chunk chunk) {
        StringWriter out = new StringWriter();
        JsonlWriter w = new JsonlWriter(out);
        try (chunk) {
            w.write(chunk.rawArray());
        }
        w.flush();
        return out.toString();
    }

    /** The bytes of every data segment below the named top-level columns. */
    static long columnBytes(VortexReader reader, String... columns) {
        VortexFile file = ApiAccess.file(reader);
        Layout.Struct root = (Layout.Struct) file.rootLayout();
        long[] sum = new long[1];
        for (String c : columns) {
            walk(root.fields().get(root.dtype().indexOf(c)), false, id -> sum[0] += file.segmentSpec(id).lengthBytes());
        }
        return sum[0];
    }

    private static void walk(Layout layout, boolean zones, java.util.function.IntConsumer out) {
        switch (layout) {
            case Layout.Flat f -> out.accept(f.segmentId());
            case Layout.Chunked c -> c.children().forEach(ch -> walk(ch, zones, out));
            case Layout.Zoned z -> {
                walk(z.data(), zones, out);
                if (zones && z.zones() != null) {
                    walk(z.zones(), true, out);
                }
            }
            case Layout.Struct st -> st.fields().forEach(ch -> walk(ch, zones, out));
            case Layout.Dict d -> {
                walk(d.values(), zones, out);
                walk(d.codes(), zones, out);
            }
            case Layout.List l -> {
                walk(l.offsets(), zones, out);
                walk(l.elements(), zones, out);
            }
            case Layout.Unknown u -> {
            }
        }
    }

    static VortexReader local() {
        return VortexReader.open(path);
    }

    static VortexReader http(URI uri, IoOptions io) {
        return VortexReader.open(uri, ReaderOptions.defaults().withIo(io));
    }

    private static void report(String what, IoStats stats) {
        System.out.println("RemoteReaderTest " + what + ": " + stats);
    }

    @Test
    void openIsOneRequestAndEveryApiReadsWhatTheMappedFileReads() throws Exception {
        try (VortexReader local = local(); VortexReader remote = http(server.uri("/object"), FAST)) {
            assertThat(ApiAccess.file(local).isMapped()).isTrue();
            try (VortexReader byUri = VortexReader.open(path.toUri())) {
                assertThat(ApiAccess.file(byUri).isMapped()).as("file: URIs are mapped").isTrue();
                assertThat(byUri.ioStats()).isEqualTo(IoStats.EMPTY);
            }
            report("open", remote.ioStats());
            assertThat(remote.ioStats().requests()).as("the footer fits the tail read").isEqualTo(1);
            assertThat(remote.schema()).isEqualTo(local.schema());
            assertThat(remote.rowCount()).isEqualTo(ROWS);
            assertThat(remote.layout()).isEqualTo(local.layout());
            assertThat(remote.statistics()).isEqualTo(local.statistics());
            for (String c : SCHEMA.names()) {
                assertThat(remote.zones(c)).as(c).isEqualTo(local.zones(c));
            }
            assertThat(local.layout().find("vortex.dict")).as("a dictionary column").isNotEmpty();
            assertThat(local.layout().find("vortex.chunked")).as("more than one chunk").isNotEmpty();

            assertThat(jsonl(remote.scan())).isEqualTo(jsonl(local.scan()));
            ScanOptions filtered = ScanOptions.builder().columns("id", "s", "x")
                    .filter("s = 'city-3' AND x > 500000").build();
            assertThat(jsonl(remote.scan(filtered))).isEqualTo(jsonl(local.scan(filtered)));
            ScanOptions limited = ScanOptions.builder().columns("tag", "a").rowRange(1234, 250_000).limit(77_777)
                    .maxChunkRows(5000).build();
            assertThat(jsonl(remote.scan(limited))).isEqualTo(jsonl(local.scan(limited)));

            long[] rows = Seeds.random("RemoteReaderTest.take").longs(500, 0, ROWS).toArray();
            assertThat(jsonl(remote.take(rows))).isEqualTo(jsonl(local.take(rows)));
            assertThat(jsonl(remote.take(rows, "s", "x"))).isEqualTo(jsonl(local.take(rows, "s", "x")));

            List<Split> splits = remote.splits(256 << 10);
            assertThat(splits).isEqualTo(local.splits(256 << 10)).hasSizeGreaterThan(2);
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                ScanOptions two = ScanOptions.builder().columns("b", "s").build();
                Function<ScanIterator, String> task = RemoteReaderTest::jsonl;
                assertThat(String.join("", remote.scanSplits(two, splits, pool, task)))
                        .isEqualTo(jsonl(local.scan(two)));
            } finally {
                pool.shutdown();
            }
            report("all APIs", remote.ioStats());
        }
    }

    @Test
    void twoColumnScanFetchesAboutTheProjectedColumns() {
        long columns;
        String expected;
        ScanOptions two = ScanOptions.builder().columns("a", "x").build();
        try (VortexReader local = local()) {
            columns = columnBytes(local, "a", "x");
            expected = jsonl(local.scan(two));
        }
        IoOptions io = FAST;
        try (VortexReader remote = http(server.uri("/object"), io)) {
            IoStats open = remote.ioStats();
            assertThat(open.requests()).isEqualTo(1);
            assertThat(jsonl(remote.scan(two))).isEqualTo(expected);
            IoStats scan = remote.ioStats();
            long fetched = scan.bytesFetched() - open.bytesFetched();
            report("two-column scan (" + columns + " bytes of segments, file " + bytes.length + ")", scan);
            assertThat(fetched).as("bytes fetched by the scan").isLessThanOrEqualTo((long) (1.1 * columns));
            assertThat(fetched + io.tailReadBytes()).as("the scan read the columns (some were in the tail read)")
                    .isGreaterThanOrEqualTo(columns);
            assertThat(columns).as("the premise: two of eight columns").isLessThan(bytes.length / 3);
            // requests are coalesced: far fewer than segments
            assertThat(scan.requests() - open.requests()).isLessThan(scan.reads() / 2);
        }
    }

    @Test
    void aWholeScanFetchesEverySegmentOnceWhateverTheCacheAndWindow() {
        String expected;
        long segmentBytes;
        try (VortexReader local = local()) {
            expected = jsonl(local.scan(ScanOptions.builder().build()));
            segmentBytes = columnBytes(local, SCHEMA.names().toArray(String[]::new));
        }
        // a window of a few chunks and no cache beyond it: prefetched segments must stay until read
        for (IoOptions io : List.of(FAST.withCacheBytes(0).withMaxRequestBytes(64 << 10).withMaxInFlight(2),
                FAST.withCacheBytes(0).withMaxRequestBytes(1 << 20).withMaxInFlight(4), FAST.withCacheBytes(0))) {
            try (VortexReader remote = http(server.uri("/object"), io)) {
                IoStats open = remote.ioStats();
                assertThat(jsonl(remote.scan(ScanOptions.builder().build()))).isEqualTo(expected);
                IoStats scan = remote.ioStats();
                report("whole scan with " + io.maxInFlight() + " x " + io.maxRequestBytes() + " window ("
                        + segmentBytes + " bytes of data segments)", scan);
                // every data segment once, plus the zone tables: never a segment twice (coalescing gaps
                // are fetched too, hence the bound on what was asked)
                assertThat(scan.bytesRequested() - open.bytesRequested()).as("bytes asked for by the scan")
                        .isLessThanOrEqualTo(bytes.length);
                assertThat(scan.bytesFetched() - open.bytesFetched()).as("bytes fetched by the scan")
                        .isLessThanOrEqualTo(bytes.length + bytes.length / 10);
                assertThat(scan.bytesFetched() - open.bytesFetched() + io.tailReadBytes())
                        .isGreaterThanOrEqualTo(segmentBytes);
            }
        }
    }

    @Test
    void selectiveFilterOnTheSortedKeyFetchesASmallFraction() {
        ScanOptions full = ScanOptions.builder().columns("id", "b").build();
        // about 1 % of the rows: ids are ~3 per row
        long lo = 3L * (ROWS / 2);
        long hi = lo + 3L * (ROWS / 100);
        ScanOptions selective = ScanOptions.builder().columns("id", "b")
                .filter("id >= " + lo + " AND id < " + hi).build();
        String expected;
        try (VortexReader local = local()) {
            expected = jsonl(local.scan(selective));
        }
        assertThat(expected.lines().count()).isBetween(ROWS / 200L, ROWS / 50L);
        long fullBytes;
        try (VortexReader remote = http(server.uri("/object"), FAST)) {
            long before = remote.ioStats().bytesFetched();
            jsonl(remote.scan(full));
            fullBytes = remote.ioStats().bytesFetched() - before;
        }
        try (VortexReader remote = http(server.uri("/object"), FAST)) {
            long before = remote.ioStats().bytesFetched();
            assertThat(jsonl(remote.scan(selective))).isEqualTo(expected);
            long filteredBytes = remote.ioStats().bytesFetched() - before;
            report("1 % filter (" + filteredBytes + " of a full scan's " + fullBytes + " bytes)", remote.ioStats());
            assertThat(filteredBytes).isLessThanOrEqualTo(fullBytes / 20);
        }
    }

    @Test
    void takeFetchesOnlyThePiecesOfItsRows() {
        long[] rows = Seeds.random("RemoteReaderTest.takeFew").longs(5, 0, ROWS).toArray();
        String expected;
        try (VortexReader local = local()) {
            expected = jsonl(local.take(rows, "id", "s"));
        }
        // the default 128 KiB coalescing gap alone is 1 % of this 14 MB file: gaps between nearby
        // rows' pieces would be fetched and counted, so measure with a smaller one
        try (VortexReader remote = http(server.uri("/object"), FAST.withCoalesceGapBytes(8 << 10))) {
            IoStats open = remote.ioStats();
            assertThat(jsonl(remote.take(rows, "id", "s"))).isEqualTo(expected);
            IoStats after = remote.ioStats();
            report("take of " + rows.length + " rows (file " + bytes.length + ")", after);
            // each row's piece of each column, at most (the columns' chunks lie in different places)
            assertThat(after.requests() - open.requests()).isLessThanOrEqualTo(2L * rows.length);
            assertThat(after.bytesFetched() - open.bytesFetched()).isLessThanOrEqualTo(bytes.length / 100);
        }
    }

    @Test
    void smallTailReadsTheFooterWithOneMoreRequest() {
        try (VortexReader local = local();
             VortexReader remote = http(server.uri("/object"), FAST.withTailReadBytes(2 << 10))) {
            report("open with a 2 KiB tail", remote.ioStats());
            assertThat(remote.ioStats().requests()).isLessThanOrEqualTo(2);
            ScanOptions two = ScanOptions.builder().columns("c", "tag").build();
            assertThat(jsonl(remote.scan(two))).isEqualTo(jsonl(local.scan(two)));
        }
    }

    @Test
    void closingAScanEarlyOrTheReaderDoesNotHang() {
        VortexReader remote = http(server.uri("/object"), FAST.withMaxRequestBytes(64 << 10).withMaxInFlight(2));
        try {
            ScanIterator scan = remote.scan(ScanOptions.builder().columns("a", "b", "c").build());
            assertThat(scan.hasNext()).isTrue();
            scan.next().close();
            scan.close();
            ScanIterator second = remote.scan(ScanOptions.builder().columns("d").build());
            second.next().close();
            remote.close();
            assertThatThrownBy(() -> {
                while (second.hasNext()) {
                    second.next().close();
                }
            }).isInstanceOf(IllegalStateException.class);
            second.close();
        } finally {
            remote.close();
        }
    }

    /** Closing the reader while a scan waits on slow requests ends the scan with a clear error. */
    @Test
    void closingTheReaderDuringSlowFetchesEndsTheScan() throws Exception {
        try (FaultProxy proxy = new FaultProxy(server.uri("/"))) {
            proxy.delayMillis = 5_000;
            proxy.schedule(n -> n == 0 ? FaultProxy.Fault.NONE : FaultProxy.Fault.DELAY);
            VortexReader remote = http(proxy.uri("/object"), FAST.withTimeouts(Duration.ofSeconds(10),
                    Duration.ofSeconds(20)));
            java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.CompletableFuture<Throwable> outcome = new java.util.concurrent.CompletableFuture<>();
            Thread scanner = Thread.ofVirtual().start(() -> {
                try (ScanIterator scan = remote.scan(ScanOptions.builder().columns("a").build())) {
                    started.countDown();
                    while (scan.hasNext()) {
                        scan.next().close();
                    }
                    outcome.complete(null);
                } catch (Throwable t) {
                    outcome.complete(t);
                }
            });
            started.await();
            Thread.sleep(200); // let the scan block on a delayed request
            remote.close();
            Throwable t = outcome.get(30, java.util.concurrent.TimeUnit.SECONDS);
            scanner.join();
            assertThat(t).as("the scan ended by the close").isInstanceOfAny(IllegalStateException.class,
                    RangeReadException.class);
        }
    }

    @Test
    void aCorruptTailNamesTheFileAndOffset() throws IOException {
        byte[] corrupt = bytes.clone();
        corrupt[corrupt.length - 1] ^= 1;
        try (RangeServer bad = new RangeServer(corrupt)) {
            assertThatThrownBy(() -> http(bad.uri("/object"), FAST))
                    .isInstanceOf(VortexException.class)
                    .hasMessageContaining(bad.uri("/object").toString())
                    .hasMessageContaining(String.valueOf(corrupt.length - 4));
        }
    }

    @Test
    void aFileReplacedDuringAScanFailsClearly() throws IOException {
        try (RangeServer changing = new RangeServer(bytes)) {
            try (VortexReader remote = http(changing.uri("/object"), FAST)) {
                changing.replace(bytes.clone());
                assertThatThrownBy(() -> jsonl(remote.scan(ScanOptions.builder().columns("a").build())))
                        .isInstanceOf(ObjectChangedException.class);
            }
        }
    }

    /**
     * Seeded fault schedules through the proxy: each read equals the mapped file's or fails with a
     * {@link RangeReadException} (an {@link ObjectChangedException} for a changed ETag); never other
     * values, never a hang (short timeouts).
     */
    @Test
    void faultsGiveTheLocalResultOrAClearFailure() throws IOException {
        SplittableRandom random = Seeds.random("RemoteReaderTest.faults");
        FaultProxy.Fault[] faults = {FaultProxy.Fault.NONE, FaultProxy.Fault.NONE, FaultProxy.Fault.NONE,
                FaultProxy.Fault.NONE, FaultProxy.Fault.SLOW_DOWN_503, FaultProxy.Fault.TOO_MANY_429,
                FaultProxy.Fault.INTERNAL_500, FaultProxy.Fault.DROP_MID_BODY, FaultProxy.Fault.TRUNCATE,
                FaultProxy.Fault.LIE_CONTENT_RANGE, FaultProxy.Fault.CHANGE_ETAG, FaultProxy.Fault.DELAY,
                FaultProxy.Fault.STALL_BODY};
        ScanOptions two = ScanOptions.builder().columns("b", "s").build();
        ScanOptions filtered = ScanOptions.builder().columns("id", "x").filter("id < 90000").build();
        long[] rows = random.longs(50, 0, ROWS).toArray();
        String scanExpected;
        String filterExpected;
        String takeExpected;
        try (VortexReader local = local()) {
            scanExpected = jsonl(local.scan(two));
            filterExpected = jsonl(local.scan(filtered));
            takeExpected = jsonl(local.take(rows, "c", "tag"));
        }
        IoOptions options = FAST.withTimeouts(Duration.ofSeconds(1), Duration.ofMillis(200))
                .withRetries(3, Duration.ZERO, Duration.ofMillis(5)).withMaxRequestBytes(256 << 10);
        int exact = 0;
        int failed = 0;
        try (FaultProxy proxy = new FaultProxy(server.uri("/"))) {
            proxy.delayMillis = 300;
            for (int session = 0; session < 8; session++) {
                long seed = random.nextLong();
                proxy.schedule(n -> {
                    SplittableRandom r = new SplittableRandom(seed + n);
                    return r.nextInt(10) < 8 ? FaultProxy.Fault.NONE : faults[r.nextInt(faults.length)];
                });
                VortexReader remote;
                try {
                    remote = http(proxy.uri("/object"), options);
                } catch (RangeReadException e) {
                    assertThat(e.getMessage()).contains("/object");
                    failed++;
                    continue;
                }
                try (remote) {
                    for (int op = 0; op < 3; op++) {
                        try {
                            String got = switch (op) {
                                case 0 -> jsonl(remote.scan(two));
                                case 1 -> jsonl(remote.scan(filtered));
                                default -> jsonl(remote.take(rows, "c", "tag"));
                            };
                            assertThat(got).isEqualTo(op == 0 ? scanExpected : op == 1 ? filterExpected : takeExpected);
                            exact++;
                        } catch (RangeReadException e) {
                            assertThat(e.getMessage()).contains("/object");
                            failed++;
                        }
                    }
                }
            }
            System.out.println("RemoteReaderTest faults: " + exact + " reads exact, " + failed
                    + " failed clearly; faults " + proxy.applied().size());
        }
        assertThat(exact + failed).isGreaterThan(0);
    }

    /** The Rust-written files read identically over HTTP. */
    @Test
    void rustWrittenFilesReadTheSameOverHttp() throws IOException {
        Path files = Path.of("src/test/resources/files");
        List<Path> vortexFiles = new ArrayList<>();
        try (var list = Files.list(files)) {
            list.filter(p -> p.toString().endsWith(".vortex")).sorted().forEach(vortexFiles::add);
        }
        assertThat(vortexFiles).isNotEmpty();
        for (Path p : vortexFiles) {
            byte[] content = Files.readAllBytes(p);
            try (RangeServer one = new RangeServer(content);
                 VortexReader local = VortexReader.open(p);
                 VortexReader remote = VortexReader.open(one.uri("/object"))) {
                assertThat(remote.ioStats().requests()).as(p.toString()).isLessThanOrEqualTo(2);
                assertThat(remote.schema()).isEqualTo(local.schema());
                assertThat(jsonl(remote.scan())).as(p.toString()).isEqualTo(jsonl(local.scan()));
            }
        }
    }
}
