/** Português (Brasil): challenge mode. */
import type { Translation } from '../types';

export const challenge: Translation['challenge'] = {
  challenges: 'Desafios',
  challengesIntro:
    'Um cluster em que uma coisa quebra num momento que você não vê. Descubra com o kubectl (e ssh, como um administrador faria): o grafo mostra só o que o kubectl mostra, sem Por quê? até você resolver.',
  challengeN: (n) => `Desafio ${n}`,
  start: (n) => `Começar o desafio ${n}`,
  region: 'Desafio',
  title: (n) => `Desafio ${n}: algo está errado`,
  brief:
    'Algo vai quebrar neste cluster. Rode, observe o kubectl, execute comandos. Depois diga qual é a falha ou corrija-a com um comando: o desafio termina quando o cluster não tem mais a falha.',
  lensNote: 'O grafo mostra só o que o kubectl mostra.',
  question: 'O que está errado?',
  faults: {
    'kubelet-stopped': 'O kubelet parou num nó',
    'runtime-stopped': 'O runtime de contêineres parou num nó',
    'node-powered-off': 'Um nó está desligado',
    'network-cut': 'A rede entre um nó e o control plane foi cortada',
    'node-object-deleted': 'Um objeto Node foi apagado com o kubelet rodando',
    'scheduler-stopped': 'O kube-scheduler parou (o manifesto do static pod foi movido)',
  },
  check: 'Conferir resposta',
  chooseFirst: 'Escolha uma resposta primeiro.',
  wrong: (fault) => `Não é isso: o cluster não tem “${fault}” agora.`,
  commandsUsed: 'Comandos usados',
  wrongGuesses: 'Palpites errados',
  leave: 'Sair do desafio',
  terminal: 'Seus comandos',
  command: 'Comando',
  run: 'Executar',
  noCommands: 'Nenhum comando ainda. Tente kubectl get nodes.',
  solvedNamed: 'Resolvido: você acertou a falha.',
  solvedFixed: 'Resolvido: você corrigiu a falha.',
  whatHappened: (fault, node, at) => `O que aconteceu: ${fault} (${node}, em ${at}).`,
  oneFix: 'Uma correção',
  score: 'Pontuação',
  afterFault: 'Tempo depois da falha (simulado)',
  points: 'Pontos',
  pointsRule:
    '100, menos 15 por palpite errado, 2 por comando depois dos 5 primeiros, 1 por minuto simulado depois dos 3 primeiros.',
  whyHint: 'O Por quê? abaixo mostra a cadeia de causas, e o grafo volta a mostrar as duas verdades.',
  another: 'Outro desafio',
  close: 'Fechar',
};
