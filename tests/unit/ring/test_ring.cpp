// The single-producer single-consumer ring (dpi/lib/ring.h) that the reader, the writer and the checker's golden
// thread hand their blocks, buffers and steps over with: order and contents across threads, the wake points,
// the producer's wait waking a sleeping consumer, finish and stop, and use on one thread.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>
#include <vector>

#include "ring.h"

namespace {

uint64_t value_of(uint64_t i) { return i * 0x9e3779b97f4a7c15ull + 1; }

// Producer and consumer on two threads over a ring of `cap` slots; the consumer sleeps until `batch` items are
// ready (its wake point), the producer until half of the ring is free. Every item arrives once, in order.
void hand_over(unsigned cap, unsigned batch, uint64_t n)
{
    tm_ring *r = tm_ring_new();
    ASSERT_NE(r, nullptr);
    std::vector<uint64_t> slots(cap);
    std::thread producer([&] {
        for (uint64_t head = 0; head < n;) {
            if (head - tm_ring_tail(r) == cap) {
                uint64_t wake = head - cap + (cap / 2 ? cap / 2 : 1); // half of the ring free, at least a slot
                if (tm_ring_wait_room(r, wake, nullptr, nullptr) != 0) return;
            }
            slots[head % cap] = value_of(head);
            tm_ring_publish(r, ++head);
        }
        tm_ring_finish(r);
    });
    uint64_t tail = 0, bad = 0;
    for (;;) {
        uint64_t head;
        int done = tm_ring_wait_items(r, tail + 1, tail + batch, &head);
        if (head == tail) {
            EXPECT_EQ(done, 1);
            break;
        }
        for (; tail < head; tail++) bad += slots[tail % cap] != value_of(tail);
        tm_ring_release(r, tail);
    }
    producer.join();
    EXPECT_EQ(tail, n);
    EXPECT_EQ(bad, 0u);
    int done = 0;
    EXPECT_EQ(tm_ring_head(r, &done), n);
    EXPECT_EQ(done, 1);
    tm_ring_free(r);
}

TEST(Ring, EveryItemInOrderAcrossThreads)
{
    hand_over(4, 1, 200000);
}

TEST(Ring, BatchedWakePoints)
{
    hand_over(64, 16, 200000); // a consumer woken per quarter ring
    hand_over(2, 1, 50000);    // double buffering, as the writer uses it
    hand_over(1, 1, 20000);    // one slot: strict alternation
}

// A consumer asleep until a wake point the producer cannot reach (the ring is full before it) is woken when the
// producer must wait itself: it has what it needs, hands some back, and both go on.
TEST(Ring, ProducerWaitWakesConsumerBeforeItsWakePoint)
{
    tm_ring *r = tm_ring_new();
    ASSERT_NE(r, nullptr);
    const unsigned cap = 4;
    uint64_t head = 0;
    auto consumer = std::async(std::launch::async, [&] { return tm_ring_wait_items(r, 1, 1000, &head); });
    std::this_thread::sleep_for(std::chrono::milliseconds(20)); // the consumer asleep first
    auto producer = std::async(std::launch::async, [&] {
        uint64_t made = 0;
        for (; made < cap; made++) tm_ring_publish(r, made + 1);
        int rc = tm_ring_wait_room(r, 2, nullptr, nullptr);
        if (rc == 0) tm_ring_publish(r, ++made);
        tm_ring_finish(r);
        return rc;
    });
    if (consumer.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
        ADD_FAILURE() << "the consumer was not woken by the producer's wait";
        tm_ring_finish(r);
    }
    EXPECT_GE(head, 1u);
    tm_ring_release(r, 2);
    if (producer.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
        ADD_FAILURE() << "the producer was not woken by the hand-back";
        tm_ring_stop(r);
    }
    EXPECT_EQ(producer.get(), 0);
    int done = 0;
    EXPECT_EQ(tm_ring_head(r, &done), cap + 1);
    EXPECT_EQ(done, 1);
    tm_ring_free(r);
}

TEST(Ring, StopWakesWaitingProducer)
{
    tm_ring *r = tm_ring_new();
    ASSERT_NE(r, nullptr);
    std::atomic<int> sleeping{0};
    auto producer = std::async(std::launch::async, [&] {
        tm_ring_publish(r, 1);
        sleeping = 1;
        return tm_ring_wait_room(r, 1, nullptr, nullptr); // nobody ever hands item 0 back
    });
    while (!sleeping) std::this_thread::yield();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(tm_ring_stopped(r), 0);
    tm_ring_stop(r);
    ASSERT_EQ(producer.wait_for(std::chrono::seconds(10)), std::future_status::ready);
    EXPECT_EQ(producer.get(), -1);
    EXPECT_EQ(tm_ring_stopped(r), 1);
    tm_ring_free(r);
}

TEST(Ring, FinishWakesWaitingConsumer)
{
    tm_ring *r = tm_ring_new();
    ASSERT_NE(r, nullptr);
    uint64_t head = 99;
    auto consumer = std::async(std::launch::async, [&] { return tm_ring_wait_items(r, 1, 1, &head); });
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    tm_ring_finish(r);
    ASSERT_EQ(consumer.wait_for(std::chrono::seconds(10)), std::future_status::ready);
    EXPECT_EQ(consumer.get(), 1);
    EXPECT_EQ(head, 0u);
    tm_ring_free(r);
}

// The producer's room predicate: tail alone is not enough, the caller's other pool must have room too; it is
// asked again at each hand-back that reaches the wake point.
TEST(Ring, RoomPredicateDecidesBesideTail)
{
    tm_ring *r = tm_ring_new();
    ASSERT_NE(r, nullptr);
    struct pool {
        std::atomic<int> free{0};
        std::atomic<int> asked{0};
    } p;
    auto room = [](void *arg) {
        pool *q = static_cast<pool *>(arg);
        q->asked++;
        return q->free.load() >= 3 ? 1 : 0;
    };
    tm_ring_publish(r, 2);
    auto producer = std::async(std::launch::async, [&] { return tm_ring_wait_room(r, 1, room, &p); });
    for (int k = 1; k <= 3; k++) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        EXPECT_NE(producer.wait_for(std::chrono::seconds(0)), std::future_status::ready) << k;
        p.free = k;
        tm_ring_release(r, 1); // the same tail again: the predicate decides
    }
    ASSERT_EQ(producer.wait_for(std::chrono::seconds(10)), std::future_status::ready);
    EXPECT_EQ(producer.get(), 0);
    EXPECT_GE(p.asked.load(), 1);
    tm_ring_free(r);
}

// Both sides on one thread (the checker's live mode): plain stores and loads, no wait.
TEST(Ring, OneThread)
{
    tm_ring *r = tm_ring_new();
    ASSERT_NE(r, nullptr);
    uint64_t head = 0;
    EXPECT_EQ(tm_ring_head(r, nullptr), 0u);
    tm_ring_publish(r, 3);
    EXPECT_EQ(tm_ring_wait_items(r, 3, 100, &head), 0);
    EXPECT_EQ(head, 3u);
    tm_ring_release(r, 2);
    EXPECT_EQ(tm_ring_tail(r), 2u);
    EXPECT_EQ(tm_ring_wait_room(r, 2, nullptr, nullptr), 0);
    tm_ring_finish(r);
    int done = 0;
    EXPECT_EQ(tm_ring_head(r, &done), 3u);
    EXPECT_EQ(done, 1);
    tm_ring_free(r);
    tm_ring_free(nullptr);
}

} // namespace
