import itertools
MAXO=4
def cover(need,have):
    s=0
    for o in range(MAXO,-1,-1):
        s=s*2+have[o]
        if s<need[o]: return False
        s-=need[o]
    return True
def bestfit(seq,have):
    h=list(have)
    for o in seq:
        j=o
        while j<=MAXO and h[j]==0: j+=1
        if j>MAXO: return False
        h[j]-=1
        while j>o:
            j-=1; h[j]+=1
    return True
bad=0;n=0
for have in itertools.product(range(3),repeat=MAXO+1):
    for k in range(1,5):
        for seq in itertools.product(range(MAXO+1),repeat=k):
            need=[seq.count(o) for o in range(MAXO+1)]
            c=cover(need,have); b=bestfit(seq,have); n+=1
            if c!=b: bad+=1; 
print(n,bad)
