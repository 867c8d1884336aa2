package io.jvortex.io;

import static io.jvortex.io.FaultProxy.Fault.CHANGE_ETAG;
import static io.jvortex.io.FaultProxy.Fault.DELAY;
import static io.jvortex.io.FaultProxy.Fault.DROP_MID_BODY;
import static io.jvortex.io.FaultProxy.Fault.INTERNAL_500;
import static io.jvortex.io.FaultProxy.Fault.LIE_CONTENT_RANGE;
import static io.jvortex.io.FaultProxy.Fault.NONE;
import static io.jvortex.io.FaultProxy.Fault.SLOW_DOWN_503;
import static io.jvortex.io.FaultProxy.Fault.STALL_BODY;
import static io.jvortex.io.FaultProxy.Fault.TOO_MANY_429;
import static io.jvortex.io.FaultProxy.Fault.TRUNCATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.array.TestSupport;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Remote reads over loopback HTTP, directly and through the fault-injecting proxy. */
@Timeout(60)
class HttpSourceTest {
    /** Fast retries and timeouts so the fault tests take milliseconds per retry. */
    private static final IoOptions FAST = IoOptions.defaults()
            .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(2))
            .withRetries(4, Duration.ofMillis(1), Duration.ofMillis(20));

    private byte[] bytes;
    private RangeServer server;
    private FaultProxy proxy;

    @BeforeEach
    void start() throws IOException {
        bytes = new byte[600_000];
        new SplittableRandom(42).nextBytes(bytes);
        server = new RangeServer(bytes);
        proxy = new FaultProxy(server.uri("/"));
    }

    @AfterEach
    void stop() {
        proxy.close();
        server.close();
    }

    private static byte[] slice(byte[] bytes, ByteRange r) {
        return Arrays.copyOfRange(bytes, (int) r.byteOffset(), (int) r.endOffset());
    }

    @Test
    void openIsOneTailReadAndFooterReadsAreFree() {
        try (ByteSource source = ByteSources.open(server.uri("/object"), FAST.withTailReadBytes(64 << 10))) {
            assertThat(source.size()).isEqualTo(bytes.length);
            assertThat(server.requests()).isEqualTo(1);
            ByteRange footer = ByteRange.tail(source.size(), 40_000);
            assertThat(source.readNow(footer.byteOffset(), footer.lengthBytes()).toArray(ValueLayout.JAVA_BYTE))
                    .isEqualTo(slice(bytes, footer));
            assertThat(server.requests()).as("served from the kept tail").isEqualTo(1);
            assertThat(source.stats().cacheHits()).isEqualTo(1);
            assertThat(((RemoteByteSource) source).etag()).startsWith("\"v1-");
        }
    }

    @Test
    void vectoredReadsAreCoalescedAndExact() {
        IoOptions options = FAST.withTailReadBytes(0).withCoalesceGapBytes(10_000).withMaxRequestBytes(100_000)
                .withMaxInFlight(4);
        SplittableRandom random = TestSupport.random("HttpSourceTest.vectoredReads");
        try (ByteSource source = RemoteByteSource.openHttp(server.uri("/object"), options)) {
            assertThat(server.requests()).as("HEAD only").isEqualTo(1);
            // 50 ranges of 100 bytes every 1000 bytes: five requests of ~10 ranges each
            List<ByteRange> ranges = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                ranges.add(new ByteRange(i * 1000L, 100));
            }
            LocalSourcesTest.assertReadsMatch(source, bytes, ranges);
            assertThat(server.requests() - 1).isEqualTo(1);
            for (int round = 0; round < 10; round++) {
                LocalSourcesTest.assertReadsMatch(source, bytes,
                        LocalSourcesTest.randomRanges(random, bytes.length, random.nextInt(1, 20)));
            }
            // one range over the request size is fetched in parts
            LocalSourcesTest.assertReadsMatch(source, bytes, List.of(new ByteRange(3, 450_000)));
            IoStats stats = source.stats();
            assertThat(stats.requests()).isEqualTo(server.requests());
            assertThat(stats.bytesFetched()).isGreaterThanOrEqualTo(450_000);
            assertThat(stats.toString()).contains("requests");
        }
    }

    @Test
    void transientFailuresAreRetried() {
        proxy.script(SLOW_DOWN_503, TOO_MANY_429, INTERNAL_500, DROP_MID_BODY, NONE, TRUNCATE, STALL_BODY, NONE);
        proxy.delayMillis = 1_500;
        IoOptions options = FAST.withTimeouts(Duration.ofSeconds(2), Duration.ofMillis(400)).withTailReadBytes(1000);
        try (ByteSource source = RemoteByteSource.openHttp(proxy.uri("/object"), options)) {
            // open: 503, 429, 500, drop → succeeds at the fifth attempt
            assertThat(source.size()).isEqualTo(bytes.length);
            // the read: truncated, stalled (read timeout) → succeeds at the third attempt
            ByteRange range = new ByteRange(1234, 200_000);
            assertThat(source.readNow(range.byteOffset(), range.lengthBytes()).toArray(ValueLayout.JAVA_BYTE))
                    .isEqualTo(slice(bytes, range));
            assertThat(source.stats().retries()).isEqualTo(6);
        }
    }

    @Test
    void retriesRunOutWithAClearError() {
        proxy.schedule(n -> n == 0 ? NONE : SLOW_DOWN_503);
        try (ByteSource source = RemoteByteSource.openHttp(proxy.uri("/object"), FAST.withTailReadBytes(10))) {
            assertThatThrownBy(() -> source.readNow(100, 50)).isInstanceOf(RangeReadException.class)
                    .hasMessageContaining(proxy.uri("/object").toString())
                    .hasMessageContaining("[100, 150)")
                    .hasMessageContaining("after 5 attempt(s)")
                    .hasMessageContaining("503").hasMessageContaining("SlowDown");
        }
    }

    @Test
    void lyingContentRangeFailsWithoutRetry() {
        proxy.script(NONE, LIE_CONTENT_RANGE);
        try (ByteSource source = RemoteByteSource.openHttp(proxy.uri("/object"), FAST.withTailReadBytes(10))) {
            assertThatThrownBy(() -> source.readNow(1000, 10)).isInstanceOf(RangeReadException.class)
                    .hasMessageContaining("bytes 1001-1010/600000").hasMessageContaining("expected \"bytes 1000-1009/600000\"");
            assertThat(proxy.applied()).hasSize(2);
        }
    }

    @Test
    void aChangedObjectFailsInsteadOfMixingVersions() {
        try (ByteSource source = RemoteByteSource.openHttp(server.uri("/object"), FAST.withTailReadBytes(10))) {
            assertThat(source.readNow(0, 10).toArray(ValueLayout.JAVA_BYTE)).isEqualTo(Arrays.copyOf(bytes, 10));
            byte[] other = bytes.clone();
            other[5] ^= 1;
            server.replace(other);
            assertThatThrownBy(() -> source.readNow(0, 10)).isInstanceOf(ObjectChangedException.class)
                    .hasMessageContaining("412").hasMessageContaining("[0, 10)");
        }
        proxy.script(NONE, CHANGE_ETAG);
        try (ByteSource source = RemoteByteSource.openHttp(proxy.uri("/object"), FAST.withTailReadBytes(10))) {
            assertThatThrownBy(() -> source.readNow(0, 10)).isInstanceOf(ObjectChangedException.class)
                    .hasMessageContaining("ETag was \"v2-").hasMessageContaining("changed-behind-your-back");
        }
    }

    @Test
    void missingObjectsAndBadRangesFailClearly() {
        URI missing = server.uri("/missing");
        assertThatThrownBy(() -> RemoteByteSource.openHttp(missing, FAST)).isInstanceOf(RangeReadException.class)
                .hasMessageContaining(missing.toString()).hasMessageContaining("not found (HTTP 404: NoSuchKey)");
        try (ByteSource source = RemoteByteSource.openHttp(server.uri("/object"), FAST)) {
            assertThatThrownBy(() -> source.read(new ByteRange(bytes.length, 1)))
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> RemoteByteSource.openHttp(URI.create("http://127.0.0.1:1/x"),
                FAST.withRetries(1, Duration.ZERO, Duration.ZERO)))
                .isInstanceOf(RangeReadException.class).hasMessageContaining("127.0.0.1:1")
                .hasMessageContaining("after 2 attempt(s)");
    }

    @Test
    void emptyObject() throws IOException {
        try (RangeServer empty = new RangeServer(new byte[0]);
                ByteSource source = RemoteByteSource.openHttp(empty.uri("/object"), FAST)) {
            assertThat(source.size()).isZero();
            assertThat(source.readNow(0, 0).byteSize()).isZero();
        }
    }

    @Test
    void slowServersTimeOut() {
        proxy.script(NONE, DELAY, DELAY);
        proxy.delayMillis = 3_000;
        IoOptions options = FAST.withTimeouts(Duration.ofSeconds(1), Duration.ofMillis(300))
                .withRetries(1, Duration.ZERO, Duration.ZERO).withTailReadBytes(10);
        try (ByteSource source = RemoteByteSource.openHttp(proxy.uri("/object"), options)) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> source.readNow(0, 10)).isInstanceOf(RangeReadException.class)
                    .hasMessageContaining("HttpTimeoutException").hasMessageContaining("[0, 10)");
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(2_500);
        }
    }

    @Test
    void aStalledErrorBodyTimesOut() {
        proxy.script(NONE, FaultProxy.Fault.STALL_ERROR_BODY);
        proxy.delayMillis = 5_000;
        IoOptions options = FAST.withTimeouts(Duration.ofSeconds(1), Duration.ofMillis(300))
                .withRetries(0, Duration.ZERO, Duration.ZERO).withTailReadBytes(10);
        try (ByteSource source = RemoteByteSource.openHttp(proxy.uri("/object"), options)) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> source.readNow(0, 10)).isInstanceOf(RangeReadException.class)
                    .hasMessageContaining("HTTP 503").hasMessageContaining("[0, 10)");
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(2_500);
        }
    }

    @Test
    void closeCancelsReadsInFlight() {
        proxy.script(NONE, DELAY, DELAY, DELAY);
        proxy.delayMillis = 5_000;
        RemoteByteSource source = RemoteByteSource.openHttp(proxy.uri("/object"), FAST.withTailReadBytes(10)
                .withTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(10)).withCoalesceGapBytes(0));
        List<CompletableFuture<MemorySegment>> futures = source.read(
                List.of(new ByteRange(0, 10), new ByteRange(100_000, 10), new ByteRange(300_000, 10)));
        long start = System.nanoTime();
        source.close();
        for (CompletableFuture<MemorySegment> future : futures) {
            assertThatThrownBy(() -> future.get(2, TimeUnit.SECONDS)).hasCauseInstanceOf(CancellationException.class);
        }
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(2_000);
        assertThatThrownBy(() -> source.readNow(0, 1)).isInstanceOf(IllegalStateException.class);
    }

    /**
     * Seeded random fault schedules: every read returns exactly the object's bytes or fails with a
     * {@link RangeReadException} naming the URI and a byte range. Replay with -Djvortex.test.seed=N.
     */
    @Test
    void randomFaultSchedules() {
        SplittableRandom random = TestSupport.random("HttpSourceTest.randomFaultSchedules");
        FaultProxy.Fault[] faults = {NONE, NONE, NONE, SLOW_DOWN_503, TOO_MANY_429, INTERNAL_500, DROP_MID_BODY,
                TRUNCATE, LIE_CONTENT_RANGE, CHANGE_ETAG, DELAY, STALL_BODY};
        long seed = random.nextLong();
        proxy.delayMillis = 150;
        proxy.schedule(n -> faults[new SplittableRandom(seed + n).nextInt(faults.length)]);
        IoOptions options = FAST.withTimeouts(Duration.ofSeconds(1), Duration.ofMillis(100))
                .withRetries(3, Duration.ZERO, Duration.ofMillis(5)).withMaxRequestBytes(64 << 10)
                .withCoalesceGapBytes(4 << 10).withTailReadBytes(random.nextInt(0, 100_000));
        int succeeded = 0;
        int failed = 0;
        for (int session = 0; session < 6; session++) {
            ByteSource source;
            try {
                source = RemoteByteSource.openHttp(proxy.uri("/object"), options);
            } catch (RangeReadException e) {
                assertThat(e.getMessage()).contains(proxy.uri("/object").toString());
                failed++;
                continue;
            }
            try (source) {
                assertThat(source.size()).isEqualTo(bytes.length);
                for (int round = 0; round < 4; round++) {
                    List<ByteRange> ranges = LocalSourcesTest.randomRanges(random, bytes.length, random.nextInt(1, 8));
                    List<CompletableFuture<MemorySegment>> futures = source.read(ranges);
                    for (int i = 0; i < ranges.size(); i++) {
                        try {
                            MemorySegment segment = IoFutures.join(futures.get(i));
                            assertThat(segment.toArray(ValueLayout.JAVA_BYTE)).as("bytes of %s", ranges.get(i))
                                    .isEqualTo(slice(bytes, ranges.get(i)));
                            succeeded++;
                        } catch (RangeReadException e) {
                            assertThat(e.getMessage()).contains(proxy.uri("/object").toString()).contains("bytes [");
                            assertThat(e.range()).isNotNull();
                            failed++;
                        }
                    }
                }
            }
        }
        System.out.println("randomFaultSchedules: " + succeeded + " reads exact, " + failed + " failed clearly, faults "
                + proxy.applied().stream().collect(java.util.stream.Collectors.groupingBy(f -> f,
                        java.util.stream.Collectors.counting())));
        assertThat(succeeded + failed).isPositive();
    }
}
