/*
 * bench_lookup.c: the hash tables on ordinary input. Times, best of 7
 * rounds, of: tsig_validate_json of a :map of 8192 keys "field_N" (the
 * key set that finds repeated keys), tsig_parse of a record of 8192 fields
 * (the duplicate-name index), and that record validated with its keys in
 * signature order and reversed (the field index). See bench/RESULTS.md.
 *
 *   cc -O2 -Iinclude bench/bench_lookup.c build/rel/libtoolsig_core.a \
 *      build/rel/libcjson.a -lm -o bench_lookup && ./bench_lookup
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "toolsig.h"
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
int main(void){
  int n=8192; char *sig=malloc(n*24),*obj=malloc(n*24),*rev=malloc(n*24),*p=sig,*q=obj,*r=rev;
  p+=sprintf(p,"{");q+=sprintf(q,"{");r+=sprintf(r,"{");
  for(int i=0;i<n;i++){p+=sprintf(p,"%sfield_%d :int",i?", ":"",i);q+=sprintf(q,"%s\"field_%d\":%d",i?",":"",i,i);r+=sprintf(r,"%s\"field_%d\":%d",i?",":"",n-1-i,i);}
  sprintf(p,"}");sprintf(q,"}");sprintf(r,"}");
  tsig_error e; tsig_signature *m=tsig_parse(":map",4,&e), *rec=tsig_parse(sig,strlen(sig),&e);
  double best[4]={1e9,1e9,1e9,1e9};
  for(int round=0;round<7;round++){
    double t=now(); for(int k=0;k<50;k++){tsig_result x; tsig_validate_json(m,obj,strlen(obj),NULL,&x); tsig_result_free(&x);} t=(now()-t)/50; if(t<best[0])best[0]=t;
    t=now(); for(int k=0;k<50;k++){tsig_signature_free(tsig_parse(sig,strlen(sig),&e));} t=(now()-t)/50; if(t<best[1])best[1]=t;
    t=now(); for(int k=0;k<50;k++){tsig_result x; tsig_validate_json(rec,obj,strlen(obj),NULL,&x); tsig_result_free(&x);} t=(now()-t)/50; if(t<best[2])best[2]=t;
    t=now(); for(int k=0;k<5;k++){tsig_result x; tsig_validate_json(rec,rev,strlen(rev),NULL,&x); tsig_result_free(&x);} t=(now()-t)/5; if(t<best[3])best[3]=t;
  }
  printf("validate :map, 8192 keys (%zu B)          %8.1f us\n",strlen(obj),best[0]*1e6);
  printf("parse, 8192 fields (%zu B)               %8.1f us\n",strlen(sig),best[1]*1e6);
  printf("validate record, keys in order             %8.1f us\n",best[2]*1e6);
  printf("validate record, keys reversed             %8.1f us\n",best[3]*1e6);
  return 0;
}
