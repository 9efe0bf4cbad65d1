/* A linked list in a static pool: insertion in order, removal, traversal; pointer chasing through memory. */
#include "semihost.h"

typedef struct node {
    struct node *next;
    int32_t key;
} node;

static node pool[64];
static int used;

static node *insert(node *head, int32_t key)
{
    node *n = &pool[used++];
    n->key = key;
    node **p = &head;
    while (*p && (*p)->key < key) p = &(*p)->next;
    n->next = *p;
    *p = n;
    return head;
}

static node *remove_key(node *head, int32_t key)
{
    node **p = &head;
    while (*p && (*p)->key != key) p = &(*p)->next;
    if (*p) *p = (*p)->next;
    return head;
}

int main(void)
{
    node *h = 0;
    uint32_t x = 7;
    for (int i = 0; i < 40; i++) {
        x = x * 1103515245u + 12345u;
        h = insert(h, (int32_t)(x >> 16) % 1000);
    }
    int n = 0;
    for (node *p = h; p && p->next; p = p->next, n++) CHECK_EQ(p->key <= p->next->key, 1);
    CHECK_EQ(n, 39);
    int32_t first = h->key;
    h = remove_key(h, first);
    h = remove_key(h, h->next->key);
    int count = 0;
    for (node *p = h; p; p = p->next) count++;
    CHECK_EQ(count, 38);
    sh_printf("linked_list: %d nodes\n", count);
    return sh_failures;
}
