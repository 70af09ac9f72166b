# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# Database: one log writer and a few table writers issue asynchronous random
# synchronous writes and reap them; many query threads read at random and burn
# CPU, and their posts pace the writers through semaphores.

set $dir=/tmp
set $eventrate=0
set $runtime=30
set $iosize=2k
set $nshadows=200
set $ndbwriters=10
set $usermode=200000
set $filesize=10m
set $memperthread=1m
set $workingset=0
set $logfilesize=10m
set $nfiles=10
set $nlogfiles=1
set $directio=0

eventgen rate=$eventrate

define fileset name=tables,path=$dir,size=$filesize,entries=$nfiles,dirwidth=1024,prealloc=100,reuse
define fileset name=redolog,path=$dir,size=$logfilesize,entries=$nlogfiles,dirwidth=1024,prealloc=100,reuse

define process name=logwriter,instances=1
{
  thread name=logwriter,memsize=$memperthread,useism
  {
    flowop aiowrite name=log-append,filesetname=redolog,iosize=256k,random,directio=$directio,dsync
    flowop aiowait name=log-reap
    flowop semblock name=log-gate,value=3200,highwater=1000
  }
}

define process name=tablewriter,instances=$ndbwriters
{
  thread name=tablewriter,memsize=$memperthread,useism
  {
    flowop aiowrite name=table-write,filesetname=tables,iosize=$iosize,workingset=$workingset,random,iters=100,opennext,directio=$directio,dsync
    flowop hog name=table-cpu,value=10000
    flowop semblock name=table-gate,value=1000,highwater=2000
    flowop aiowait name=table-reap
  }
}

define process name=query,instances=$nshadows
{
  thread name=query,memsize=$memperthread,useism
  {
    flowop read name=query-read,filesetname=tables,iosize=$iosize,workingset=$workingset,random,opennext,directio=$directio
    flowop hog name=query-cpu,value=$usermode
    flowop sempost name=query-to-log,value=1,target=log-gate,blocking
    flowop sempost name=query-to-table,value=1,target=table-gate,blocking
    flowop eventlimit name=query-pace
  }
}

run 60
